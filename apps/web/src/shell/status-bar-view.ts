import { maskLicenseKey } from '@fleet/core';

/**
 * The active licence key as the bar shows it: masked by core's one rule (the prefix, the first and
 * the last group), whatever the server sent. The session already carries it masked; masking again
 * changes nothing, and keeps the bar safe if a full key ever reached it.
 */
export function licenseIndicatorText(license: {
  readonly key: string;
  readonly tier: string;
}): string {
  return `${maskLicenseKey(license.key)} · ${license.tier}`;
}
