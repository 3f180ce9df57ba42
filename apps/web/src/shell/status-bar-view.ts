/**
 * The active licence key, shortened for the bar: `FLEET-ABCDE…VWXYZ` keeps the prefix and first
 * group (what an operator recognises) and the last group (what tells two keys apart).
 */
export function shortenLicenseKey(key: string): string {
  const text = key.trim();
  const groups = text.split('-');
  if (groups.length >= 4) return `${groups[0]}-${groups[1]}…${groups.at(-1)}`;
  return text.length <= 13 ? text : `${text.slice(0, 6)}…${text.slice(-5)}`;
}

export function licenseIndicatorText(license: {
  readonly key: string;
  readonly tier: string;
}): string {
  return `${shortenLicenseKey(license.key)} · ${license.tier}`;
}
