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
  const byId = new Map<string, { first: OwnedAsset; balance: bigint; holders: number }>();
  for (const wallet of wallets) {
    const seen = new Set<string>();
    for (const asset of wallet.assets) {
      const units = asset.balance ?? (asset.type === 'spl' ? 0n : 1n);
      const entry = byId.get(asset.id);
      const firstHere = !seen.has(asset.id);
      seen.add(asset.id);
      if (entry === undefined) {
        byId.set(asset.id, { first: asset, balance: units, holders: 1 });
      } else {
        entry.balance += units;
        if (firstHere) entry.holders += 1;
      }
    }
  }
  return [...byId.values()]
    .map(({ first, balance, holders }): ScannedToken => ({
      id: first.id,
      name: first.name,
      symbol: first.symbol,
      logoUrl: first.logoUrl,
      type: first.type,
      decimals: first.decimals,
      balance_str: balance.toString(),
      holders,
    }))
    .sort((a, b) => b.holders - a.holders || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
