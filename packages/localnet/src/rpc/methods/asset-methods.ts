// The Digital Asset Standard reads Fleet uses to name, list and value holdings, in Helius's
// shapes (https://www.helius.dev/docs/api-reference/das): getAsset and getAssetBatch for any
// mint on the chain or compressed NFT in the index, getAssetsByOwner and searchAssets over an
// owner's token accounts and compressed NFTs, with prices from the sandbox market when it runs.

import { pubkeyParam, typeError } from '../params.js';
import type { RpcContext, RpcHandler } from '../rpc-context.js';
import { RpcError, invalidParams } from '../rpc-error.js';
import { assetById, compressedNfts, mintAsset, mintFacts } from './asset-records.js';
import {
  matchesTokenType,
  ownedAssets,
  pageOf,
  type OwnedAsset,
  type PageOptions,
  type TokenType,
} from './asset-search.js';

const MAX_BATCH = 1000;
const MAX_LIMIT = 1000;
const TOKEN_TYPES: readonly TokenType[] = [
  'fungible',
  'nonFungible',
  'regularNft',
  'compressedNft',
  'all',
];

type Named = Readonly<Record<string, unknown>>;

/**
 * DAS params are named (`{ id }`); the dispatcher passes such an object as the first element.
 * Some clients send them positionally (`[id]`), which is accepted too.
 */
function namedParam(params: readonly unknown[], name: string): unknown {
  const first = params[0];
  if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
    return (first as Named)[name];
  }
  return first;
}

function namedObject(params: readonly unknown[]): Named {
  const first = params[0];
  if (typeof first !== 'object' || first === null || Array.isArray(first))
    throw invalidParams('Invalid params: expected an object of named parameters');
  return first as Named;
}

function integerIn(
  value: unknown,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalidParams(`Invalid params: ${name} must be an integer from ${min} to ${max}`);
  return value;
}

function optionalPubkey(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : pubkeyParam(value);
}

function pageOptions(named: Named): PageOptions {
  const before = optionalPubkey(named['before']);
  const after = optionalPubkey(named['after']);
  const page = integerIn(named['page'], 'page', 1, 1_000_000, 1);
  if ((before !== undefined || after !== undefined) && named['page'] !== undefined)
    throw invalidParams('Invalid params: page cannot be combined with before or after');
  return {
    page,
    limit: integerIn(named['limit'], 'limit', 1, MAX_LIMIT, MAX_LIMIT),
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
}

interface DisplayOptions {
  readonly showFungible: boolean;
  readonly showZeroBalance: boolean;
  readonly showNativeBalance: boolean;
  readonly showGrandTotal: boolean;
}

/** `displayOptions` (and its newer name `options`): unknown flags are ignored, as Helius does. */
function displayOptions(named: Named): DisplayOptions {
  const raw = named['displayOptions'] ?? named['options'] ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalidParams('Invalid params: displayOptions must be an object');
  const flags = raw as Named;
  const flag = (name: string): boolean => {
    const value = flags[name];
    if (value === undefined || value === null) return false;
    if (typeof value !== 'boolean')
      throw invalidParams(`Invalid params: ${name} must be a boolean`);
    return value;
  };
  return {
    showFungible: flag('showFungible'),
    showZeroBalance: flag('showZeroBalance'),
    showNativeBalance: flag('showNativeBalance'),
    showGrandTotal: flag('showGrandTotal'),
  };
}

function nativeBalance(ctx: RpcContext, owner: string): Record<string, unknown> {
  const lamports = ctx.chain.getAccount(owner)?.lamports ?? 0n;
  const pricePerSol = ctx.market?.()?.solUsd().price ?? 0;
  return {
    lamports,
    price_per_sol: pricePerSol,
    total_price: (Number(lamports) / 1e9) * pricePerSol,
  };
}

function listResult(
  ctx: RpcContext,
  assets: readonly OwnedAsset[],
  named: Named,
  options: DisplayOptions,
  owner: string | undefined,
): Record<string, unknown> {
  const { grandTotal, ...page } = pageOf(assets, pageOptions(named));
  return {
    ...(options.showGrandTotal ? { grand_total: grandTotal } : {}),
    ...page,
    ...(options.showNativeBalance && owner !== undefined
      ? { nativeBalance: nativeBalance(ctx, owner) }
      : {}),
  };
}

/** Assets anyone can find without an owner: named mints, market tokens, compressed NFTs. */
function knownAssets(ctx: RpcContext): OwnedAsset[] {
  const mints = new Set([
    ...ctx.assets.entries().map(([mint]) => mint),
    ...(ctx.market?.()?.tokens() ?? []).map((token) => token.mint),
  ]);
  const found: OwnedAsset[] = [];
  for (const mint of mints) {
    const facts = mintFacts(ctx, mint);
    if (facts === null) continue;
    found.push({
      id: mint,
      interface: facts.interface,
      compressed: false,
      balance: 1n,
      record: () => mintAsset(ctx, facts, null),
    });
  }
  for (const nft of compressedNfts(ctx)) {
    found.push({
      id: nft.id,
      interface: null,
      compressed: true,
      balance: 1n,
      record: () => assetById(ctx, nft.id) ?? {},
    });
  }
  return found;
}

function tokenTypeParam(value: unknown): TokenType {
  if (value === undefined || value === null) return 'all';
  const found = TOKEN_TYPES.find((type) => type === value);
  if (found === undefined)
    throw invalidParams(`Invalid params: tokenType must be one of ${TOKEN_TYPES.join(', ')}`);
  return found;
}

function groupingParam(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length !== 2 || value[0] !== 'collection')
    throw invalidParams('Invalid params: grouping must be ["collection", <address>]');
  return pubkeyParam(value[1]);
}

export const assetMethods: Record<string, RpcHandler> = {
  getAsset: (params, ctx) => {
    const id = pubkeyParam(namedParam(params, 'id'));
    const asset = assetById(ctx, id);
    if (asset === null) throw new RpcError(-32000, 'Asset Not Found');
    return asset;
  },

  getAssetBatch: (params, ctx) => {
    const ids = namedParam(params, 'ids');
    if (!Array.isArray(ids)) throw typeError(ids, 'a sequence');
    if (ids.length > MAX_BATCH) throw invalidParams(`Batch size exceeds maximum of ${MAX_BATCH}`);
    return ids.map((id) => assetById(ctx, pubkeyParam(id)));
  },

  getAssetsByOwner: (params, ctx) => {
    const named = namedObject(params);
    const owner = pubkeyParam(named['ownerAddress']);
    const options = displayOptions(named);
    const assets = ownedAssets(ctx, owner).filter((asset) => {
      const fungible = matchesTokenType(asset, 'fungible');
      if (fungible && !options.showFungible) return false;
      return asset.balance > 0n || options.showZeroBalance;
    });
    return listResult(ctx, assets, named, options, owner);
  },

  searchAssets: (params, ctx) => {
    const named = namedObject(params);
    const owner = optionalPubkey(named['ownerAddress']);
    const tokenType = tokenTypeParam(named['tokenType']);
    const collection = groupingParam(named['grouping']);
    const compressed = named['compressed'];
    if (compressed !== undefined && compressed !== null && typeof compressed !== 'boolean')
      throw invalidParams('Invalid params: compressed must be a boolean');
    const options = displayOptions(named);
    const universe = owner === undefined ? knownAssets(ctx) : ownedAssets(ctx, owner);
    const assets = universe.filter((asset) => {
      if (!matchesTokenType(asset, tokenType)) return false;
      if (typeof compressed === 'boolean' && asset.compressed !== compressed) return false;
      if (asset.balance <= 0n && !options.showZeroBalance) return false;
      if (collection === undefined) return true;
      const grouping = asset.record()['grouping'];
      return (
        Array.isArray(grouping) &&
        grouping.some(
          (group: unknown) =>
            typeof group === 'object' &&
            group !== null &&
            (group as Named)['group_value'] === collection,
        )
      );
    });
    return listResult(ctx, assets, named, options, owner);
  },
};
