import type { SlimWallet } from '../api/wallets';
import { SEED_TAG_PREFIX } from '../api/organize';

/** The system tag whose members are the Trader wallets (`is_trader`), never assigned. */
export const TRADER_TAG_SLUG = 'trader';

/**
 * What a tag slug (`?tag=`, a search result) selects. Assigned tags are listed on each wallet;
 * the system `trader` tag and the seed-source tags (`seed_vault_{seed vault id}`) are computed
 * from the wallet itself, so they never appear among its assigned tag ids.
 */
export type TagFilter =
  | { readonly kind: 'assigned'; readonly tagId: string }
  | { readonly kind: 'trader' }
  | { readonly kind: 'seed'; readonly seedGroupId: string }
  | { readonly kind: 'unknown'; readonly slug: string };

export function seedTagSlug(seedGroupId: string): string {
  return `${SEED_TAG_PREFIX}${seedGroupId}`;
}

/** A slug against the tenant's tags; one that names no tag selects no wallet. */
export function tagFilterOf(
  slug: string,
  tags: readonly { readonly id: string; readonly slug: string }[],
): TagFilter {
  if (slug === TRADER_TAG_SLUG) return { kind: 'trader' };
  if (slug.startsWith(SEED_TAG_PREFIX) && slug.length > SEED_TAG_PREFIX.length) {
    // Vault ids are uuids, which Postgres writes in lower case and compares in any case.
    return { kind: 'seed', seedGroupId: slug.slice(SEED_TAG_PREFIX.length).toLowerCase() };
  }
  const tag = tags.find((entry) => entry.slug === slug);
  return tag ? { kind: 'assigned', tagId: tag.id } : { kind: 'unknown', slug };
}

export function walletHasTag(
  wallet: Pick<SlimWallet, 'tagIds' | 'isTrader' | 'sourceKind' | 'sourceId'>,
  filter: TagFilter,
): boolean {
  switch (filter.kind) {
    case 'assigned':
      return wallet.tagIds.includes(filter.tagId);
    case 'trader':
      return wallet.isTrader;
    case 'seed':
      return wallet.sourceKind === 'seed' && wallet.sourceId === filter.seedGroupId;
    case 'unknown':
      return false;
  }
}
