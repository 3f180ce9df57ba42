import type { ScannedToken } from '../api/asset-scan';
import type { TokenType } from './token-type';

/** One asset of one wallet as the digital-asset API described it. */
export interface OwnedAsset {
  readonly id: string;
  readonly type: TokenType;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly logoUrl: string | null;
  readonly decimals: number | null;
  /** Raw units the wallet holds; an NFT or compressed NFT without one counts as 1. */
  readonly balance: bigint | null;
}

/**
 * The GetAssets preview (spec 2 §2.4, §7 `tokens[]` and `holdersByMint`): the assets of many
 * wallets summed by id, each wallet counted once per id, most held first (then by id, so the
 * first 120 the dialog shows are the same on every run).
 */
export function summarizeAssets(
  wallets: readonly { readonly assets: readonly OwnedAsset[] }[],
): ScannedToken[] {
  return foldWalletAssets([], wallets);
}

/**
 * `tokens` (an earlier summary, as a scan's checkpoint keeps it) with more wallets' assets added:
 * a scan done batch by batch sums to what one summary of all its wallets would. The first
 * wallet to hold an id names it.
 */
export function foldWalletAssets(
  tokens: readonly ScannedToken[],
  wallets: readonly { readonly assets: readonly OwnedAsset[] }[],
): ScannedToken[] {
  const byId = new Map<string, { token: ScannedToken; balance: bigint; holders: number }>();
  for (const token of tokens)
    byId.set(token.id, { token, balance: BigInt(token.balance_str), holders: token.holders });
  for (const wallet of wallets) {
    const seen = new Set<string>();
    for (const asset of wallet.assets) {
      const units = asset.balance ?? (asset.type === 'spl' ? 0n : 1n);
      const entry = byId.get(asset.id);
      const firstHere = !seen.has(asset.id);
      seen.add(asset.id);
      if (entry === undefined) {
        byId.set(asset.id, { token: tokenOf(asset), balance: units, holders: 1 });
      } else {
        entry.balance += units;
        if (firstHere) entry.holders += 1;
      }
    }
  }
  return [...byId.values()]
    .map(({ token, balance, holders }): ScannedToken => ({
      ...token,
      balance_str: balance.toString(),
      holders,
    }))
    .sort((a, b) => b.holders - a.holders || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function tokenOf(asset: OwnedAsset): ScannedToken {
  return {
    id: asset.id,
    name: asset.name,
    symbol: asset.symbol,
    logoUrl: asset.logoUrl,
    type: asset.type,
    decimals: asset.decimals,
    balance_str: '0',
    holders: 0,
  };
}
