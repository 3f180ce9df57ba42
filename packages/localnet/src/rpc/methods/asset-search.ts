// The owner-scoped DAS reads: which assets an owner holds (token accounts on the chain, grouped
// by mint, plus compressed NFTs from the index), filtered by token type and paged as Helius
// pages them: sorted by asset id in binary (its default `sortBy: id`), `page` from 1, `limit`
// up to 1,000, or keyset `before`/`after` an id.

import { parseTokenAccount } from '../../chain/token-layout.js';
import { decodeBase58 } from '../../codec/base58.js';
import type { RpcContext } from '../rpc-context.js';
import {
  compressedAsset,
  compressedNfts,
  mintAsset,
  mintFacts,
  type AssetInterface,
  type AssetRecord,
  type Holding,
} from './asset-records.js';

export type TokenType = 'fungible' | 'nonFungible' | 'regularNft' | 'compressedNft' | 'all';

export interface OwnedAsset {
  readonly id: string;
  /** null for a compressed NFT. */
  readonly interface: AssetInterface | null;
  readonly compressed: boolean;
  readonly balance: bigint;
  readonly record: () => AssetRecord;
}

/** An owner's token accounts grouped by mint, the owner's associated account first. */
function holdingsOf(ctx: RpcContext, owner: string): Map<string, Holding> {
  const byMint = new Map<string, Holding>();
  for (const address of ctx.chain.tokenIndex.ownedBy(owner)) {
    const account = ctx.chain.getAccount(address);
    const parsed = account === null ? null : parseTokenAccount(account.data);
    if (parsed === null || parsed.owner !== owner) continue;
    const previous = byMint.get(parsed.mint);
    byMint.set(parsed.mint, {
      owner,
      balance: (previous?.balance ?? 0n) + parsed.amount,
      tokenAccount: previous?.tokenAccount ?? address,
      frozen: (previous?.frozen ?? false) || parsed.state === 'frozen',
      delegate: previous?.delegate ?? parsed.delegate,
    });
  }
  return byMint;
}

/** Everything `owner` holds, zero balances included (the caller filters). */
export function ownedAssets(ctx: RpcContext, owner: string): OwnedAsset[] {
  const owned: OwnedAsset[] = [];
  for (const [mint, holding] of holdingsOf(ctx, owner)) {
    const facts = mintFacts(ctx, mint);
    if (facts === null) continue;
    owned.push({
      id: mint,
      interface: facts.interface,
      compressed: false,
      balance: holding.balance,
      record: () => mintAsset(ctx, facts, holding),
    });
  }
  for (const nft of compressedNfts(ctx)) {
    if (nft.owner !== owner) continue;
    owned.push({
      id: nft.id,
      interface: null,
      compressed: true,
      balance: 1n,
      record: () => compressedAsset(nft),
    });
  }
  return owned;
}

export function matchesTokenType(asset: OwnedAsset, tokenType: TokenType): boolean {
  const fungible = asset.interface === 'FungibleToken' || asset.interface === 'FungibleAsset';
  switch (tokenType) {
    case 'all':
      return true;
    case 'fungible':
      return fungible;
    case 'nonFungible':
      return !fungible;
    case 'regularNft':
      return !fungible && !asset.compressed;
    case 'compressedNft':
      return asset.compressed;
    default:
      return false;
  }
}

function binaryOrder(a: OwnedAsset, b: OwnedAsset): number {
  return Buffer.compare(decodeBase58(a.id), decodeBase58(b.id));
}

export interface PageOptions {
  readonly page: number;
  readonly limit: number;
  readonly before?: string;
  readonly after?: string;
}

export interface AssetPage {
  readonly total: number;
  readonly limit: number;
  readonly page?: number;
  readonly before?: string;
  readonly after?: string;
  readonly items: AssetRecord[];
}

/** One page of `assets`, in Helius's list shape; `grandTotal` counts every match. */
export function pageOf(
  assets: readonly OwnedAsset[],
  options: PageOptions,
): AssetPage & { readonly grandTotal: number } {
  let sorted = [...assets].sort(binaryOrder);
  const grandTotal = sorted.length;
  const keyset = options.before !== undefined || options.after !== undefined;
  if (options.after !== undefined) {
    const after = decodeBase58(options.after);
    sorted = sorted.filter((asset) => Buffer.compare(decodeBase58(asset.id), after) > 0);
  }
  if (options.before !== undefined) {
    const before = decodeBase58(options.before);
    sorted = sorted.filter((asset) => Buffer.compare(decodeBase58(asset.id), before) < 0);
  }
  // Paging backwards from `before` wants the ids just below it, not the lowest ones.
  const start = !keyset
    ? (options.page - 1) * options.limit
    : options.after === undefined
      ? Math.max(0, sorted.length - options.limit)
      : 0;
  const items = sorted.slice(start, start + options.limit).map((asset) => asset.record());
  return {
    // Helius's `total` is the number of items on this page; `grand_total` is opt-in.
    total: items.length,
    limit: options.limit,
    ...(keyset ? {} : { page: options.page }),
    ...(options.before === undefined ? {} : { before: options.before }),
    ...(options.after === undefined ? {} : { after: options.after }),
    items,
    grandTotal,
  };
}
