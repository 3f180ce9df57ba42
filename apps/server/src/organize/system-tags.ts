import { SECONDARY_TAG_COLOR, TRADER_TAG_SLUG } from '@fleet/core';

export { seedTagSlug } from '@fleet/core';

/**
 * Tags Fleet makes itself. Design (issue 6):
 * - System tags (`trader`) are stored rows, one per tenant, created on first use so that they have
 *   a stable uuid like any tag. Their membership is not assigned but read from the wallets
 *   (`wallets.is_trader`), so they are `is_system` and `is_computed`: the wallet's type is the one
 *   truth, and the tag cannot drift from it.
 * - Seed tags are not stored at all: one per seed group, derived when listed. Their id is the seed
 *   group's id, their slug `seed_vault_{the id}` (whole, so that `?tag=` names exactly one vault),
 *   their name the group's label.
 * Neither kind can be assigned, renamed or deleted; custom tags are everything else.
 */
export const SYSTEM_TAGS = [
  {
    slug: TRADER_TAG_SLUG,
    name: 'Trader',
    color: SECONDARY_TAG_COLOR,
    description: 'Wallets of type Trader',
  },
] as const;

export type SystemTagSlug = (typeof SYSTEM_TAGS)[number]['slug'];

/** A seed group's display name: its label, or a short form of its id when it has none. */
export function seedGroupName(seedGroup: { id: string; label: string | null }): string {
  return seedGroup.label ?? `Seed ${seedGroup.id.slice(0, 8)}`;
}
