// The RPC's digital-asset methods (DAS: getAssetsByOwner, getAssetBatch, searchAssets) through
// the endpoint pool, so they share its pacing, 429 handling, failover and stats with every other
// chain read. Pages are 1-based and hold at most 1000 items (the DAS limit).

import { FleetError } from '@fleet/core';

import type { EndpointPool } from '../pool/endpoint-pool';
import {
  readAssetPage,
  readDigitalAsset,
  type AssetPage,
  type DigitalAsset,
} from './digital-asset';

export type { AssetKind, AssetPage, DigitalAsset, TokenInfo } from './digital-asset';

export const DAS_MAX_LIMIT = 1_000;
/** A wallet with more than 50 pages (50,000 assets) is read in part, and says so. */
const DEFAULT_MAX_PAGES = 50;

export interface PageQuery {
  readonly page?: number;
  readonly limit?: number;
}

export type AssetTokenType = 'fungible' | 'nonFungible' | 'regularNft' | 'compressedNft' | 'all';

export interface SearchQuery extends PageQuery {
  readonly ownerAddress?: string;
  readonly tokenType?: AssetTokenType;
  /** Assets of one collection. */
  readonly collection?: string;
  readonly compressed?: boolean;
  readonly burnt?: boolean;
}

export interface DigitalAssets {
  getAssetsByOwner(owner: string, query?: PageQuery, signal?: AbortSignal): Promise<AssetPage>;
  /** Every page of an owner's assets, fungible ones included, up to `maxPages`. */
  allAssetsByOwner(
    owner: string,
    options?: {
      readonly limit?: number;
      readonly maxPages?: number;
      readonly signal?: AbortSignal;
    },
  ): Promise<{ readonly items: readonly DigitalAsset[]; readonly truncated: boolean }>;
  /** Assets by id in the order asked, null where the provider has none; 1000 ids a call. */
  getAssetBatch(ids: readonly string[], signal?: AbortSignal): Promise<(DigitalAsset | null)[]>;
  searchAssets(query: SearchQuery, signal?: AbortSignal): Promise<AssetPage>;
}

function pageParams(query: PageQuery | undefined): { page: number; limit: number } {
  const page = query?.page ?? 1;
  const limit = query?.limit ?? DAS_MAX_LIMIT;
  if (!Number.isInteger(page) || page < 1)
    throw new FleetError('REQUEST__INVALID_INPUT', { message: 'A DAS page starts at 1' });
  if (!Number.isInteger(limit) || limit < 1 || limit > DAS_MAX_LIMIT)
    throw new FleetError('REQUEST__INVALID_INPUT', {
      message: `A DAS page holds 1 to ${DAS_MAX_LIMIT} items`,
    });
  return { page, limit };
}

export function createDigitalAssets(pool: EndpointPool): DigitalAssets {
  const getAssetsByOwner = async (owner: string, query?: PageQuery, signal?: AbortSignal) =>
    readAssetPage(
      await pool.call(
        'getAssetsByOwner',
        // `options` is the DAS name (Metaplex spec, Helius, QuickNode); older Helius docs said
        // `displayOptions`.
        { ownerAddress: owner, ...pageParams(query), options: { showFungible: true } },
        signal,
      ),
    );

  return {
    getAssetsByOwner,
    async allAssetsByOwner(owner, options) {
      const limit = options?.limit ?? DAS_MAX_LIMIT;
      const maxPages = options?.maxPages ?? DEFAULT_MAX_PAGES;
      const items: DigitalAsset[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const answer = await getAssetsByOwner(owner, { page, limit }, options?.signal);
        items.push(...answer.items);
        // A short page is the last one; `total` counts this page only on some providers.
        if (answer.items.length < limit) return { items, truncated: false };
      }
      return { items, truncated: true };
    },
    async getAssetBatch(ids, signal) {
      const found: (DigitalAsset | null)[] = [];
      for (let start = 0; start < ids.length; start += DAS_MAX_LIMIT) {
        const batch = ids.slice(start, start + DAS_MAX_LIMIT);
        const answer = await pool.call('getAssetBatch', { ids: batch }, signal);
        // The pool has already checked that the list is as long as the ids asked for.
        if (!Array.isArray(answer))
          throw new FleetError('RPC__INVALID_ANSWER', { reason: 'assets are not a list' });
        for (const raw of answer) found.push(raw === null ? null : readDigitalAsset(raw));
      }
      return found;
    },
    async searchAssets(query, signal) {
      const { collection, ...rest } = query;
      const params = {
        ...rest,
        ...pageParams(query),
        ...(collection === undefined ? {} : { grouping: ['collection', collection] }),
      };
      return readAssetPage(await pool.call('searchAssets', params, signal));
    },
  };
}
