import { FleetError } from '@fleet/core';

/**
 * The tag's stable handle, from its name: lower case, every run of characters that are neither
 * letters nor digits (in any script) becomes one '-', none at the ends. "VIP Wallets!" → "vip-wallets".
 * Underscores become '-' too, so a custom slug can never look like a computed `seed_vault_…` one.
 */
export function slugOfTagName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  if (slug === '') {
    throw new FleetError('TAG__NAME_WITHOUT_LETTER');
  }
  return slug;
}
