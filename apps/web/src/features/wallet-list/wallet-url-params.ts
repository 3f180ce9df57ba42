import {
  seedIdOfSegment,
  seedSegment,
  segmentOfComputedGroup,
  type WalletSegment,
} from '@fleet/core';

/**
 * The wallet page's query parameters (spec 2 §2.1): `address` (or `search`) lands on a wallet,
 * `tag` filters by a tag slug, `groupId` picks a seed segment (or, for a custom or computed group
 * from the search box, filters by that group or opens its segment) and follows the View choice.
 */
export interface WalletUrlParams {
  readonly address: string | null;
  readonly tag: string | null;
  readonly groupId: string | null;
}

export function readWalletUrlParams(params: URLSearchParams): WalletUrlParams {
  const address = params.get('address') ?? params.get('search');
  return {
    address: address?.trim() ? address.trim() : null,
    tag: params.get('tag') || null,
    groupId: params.get('groupId') || null,
  };
}

/** Only `address` stays after landing on a wallet: the page shows it in the all segment. */
export function landedParams(address: string): URLSearchParams {
  return new URLSearchParams({ address });
}

export function withoutParams(params: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of names) next.delete(name);
  return next;
}

/**
 * The URL after the operator picks a segment: a seed vault's id goes into `groupId`, any other
 * choice removes it, and a landed `address` goes too (the operator moved on).
 */
export function paramsForSegment(params: URLSearchParams, segment: WalletSegment): URLSearchParams {
  const next = withoutParams(params, ['groupId', 'address', 'search']);
  const seedId = seedIdOfSegment(segment);
  if (seedId !== undefined && seedId !== 'all') next.set('groupId', seedId);
  return next;
}

export type GroupParamMeaning =
  | { readonly kind: 'none' }
  | { readonly kind: 'segment'; readonly segment: WalletSegment }
  | { readonly kind: 'custom'; readonly groupId: string };

/**
 * A custom group's id (known from GET /api/groups) filters by that group; a computed group's id
 * (`traders`, `empty`, …, from the search box) opens the segment with the same rule; any other id,
 * and `seed:{id}` from the computed groups, is a seed vault's segment.
 */
export function meaningOfGroupParam(
  groupId: string | null,
  customGroupIds: ReadonlySet<string>,
): GroupParamMeaning {
  if (groupId === null) return { kind: 'none' };
  if (customGroupIds.has(groupId)) return { kind: 'custom', groupId };
  const computed = segmentOfComputedGroup(groupId);
  if (computed !== undefined) return { kind: 'segment', segment: computed };
  const seedId = groupId.startsWith('seed:') ? groupId.slice('seed:'.length) : groupId;
  return { kind: 'segment', segment: seedSegment(seedId || 'all') };
}
