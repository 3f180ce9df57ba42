import {
  lamportsAsSolNumber,
  rawAmountAsNumber,
  TOKEN_ACCOUNT_RENT_LAMPORTS,
  type SolPrice,
  type Valuation,
  type ValuedAsset,
} from '@fleet/core';
import type { Sourced } from '@fleet/market';
import type { HeldMintRow, WalletCountsRow } from './valuation-repository';

/** A wallet to highlight, with its priced tokens' value. */
export interface WalletValueRow {
  readonly id: string;
  readonly address: string;
  readonly name: string | null;
  readonly lamports: string;
  readonly tokensUsd: number;
}

/**
 * Pure: the valuation from what the database holds and what the market priced. USD and SOL
 * figures are display values (a rate times an amount, as floating point); lamports and raw
 * amounts are added as integers and only divided for display. A held mint without a price is
 * "not priced": it is counted apart and left out of the sums, never valued at $0.
 */
export interface ValuationInput {
  readonly mints: readonly HeldMintRow[];
  /** Active wallets with a balance of each mint. */
  readonly holders: ReadonlyMap<string, number>;
  readonly prices: ReadonlyMap<string, Sourced<number>>;
  readonly solPrice: SolPrice;
  readonly counts: WalletCountsRow;
  /** Not followed by the wallet-list version, so read on every request. */
  readonly lastScanAt: string | null;
  readonly wallets: { readonly top: WalletValueRow | null; readonly master: WalletValueRow | null };
  readonly now: number;
}

export function valueAssets(
  mints: readonly HeldMintRow[],
  holders: ReadonlyMap<string, number>,
  prices: ReadonlyMap<string, Sourced<number>>,
): ValuedAsset[] {
  const assets = mints.map((row): ValuedAsset => {
    const base = {
      mint: row.mint,
      symbol: row.symbol,
      name: row.name,
      decimals: row.decimals,
      holders: holders.get(row.mint) ?? 0,
      instances: row.instances,
      instancesWithBalance: row.instancesWithBalance,
      amount: row.amount,
    };
    if (BigInt(row.amount) === 0n)
      return {
        ...base,
        status: 'no-balance',
        priceUsd: null,
        valueUsd: 0,
        source: null,
        reasons: [],
      };
    const price = prices.get(row.mint);
    if (price?.status !== 'known' || price.source === 'metadata')
      return {
        ...base,
        status: 'not-priced',
        priceUsd: null,
        valueUsd: null,
        source: null,
        reasons: price?.status === 'unavailable' ? [...price.reasons] : ['not asked'],
      };
    return {
      ...base,
      status: 'priced',
      priceUsd: price.value,
      valueUsd: rawAmountAsNumber(BigInt(row.amount), row.decimals) * price.value,
      source: price.source,
      reasons: [],
    };
  });
  const rank = { priced: 0, 'not-priced': 1, 'no-balance': 2 } as const;
  return assets.sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      (b.valueUsd ?? 0) - (a.valueUsd ?? 0) ||
      b.holders - a.holders ||
      (a.mint < b.mint ? -1 : 1),
  );
}

export function computeValuation(input: ValuationInput): Valuation {
  const { counts, solPrice } = input;
  const solUsd = solPrice.status === 'known' ? solPrice.priceUsd : null;
  const inSol = (usd: number | null) => (usd === null || solUsd === null ? null : usd / solUsd);
  const assets = valueAssets(input.mints, input.holders, input.prices);
  const priced = assets.filter((a) => a.status === 'priced');
  const unpriced = assets.filter((a) => a.status === 'not-priced');
  const assetsUsd = priced.reduce((sum, a) => sum + (a.valueUsd ?? 0), 0);
  const totalSol = lamportsAsSolNumber(BigInt(counts.lamports));
  const solHoldingsUsd = solUsd === null ? null : totalSol * solUsd;
  const totalUsd = solHoldingsUsd === null ? null : solHoldingsUsd + assetsUsd;
  const rentLamports = BigInt(counts.closable) * TOKEN_ACCOUNT_RENT_LAMPORTS;
  const rentSol = lamportsAsSolNumber(rentLamports);
  const commonest = [...assets].sort(
    (a, b) => b.holders - a.holders || (a.mint < b.mint ? -1 : 1),
  )[0];

  const highlight = (row: WalletValueRow | null) => {
    if (row === null) return null;
    const usd =
      solUsd === null ? null : lamportsAsSolNumber(BigInt(row.lamports)) * solUsd + row.tokensUsd;
    return {
      id: row.id,
      address: row.address,
      name: row.name,
      lamports: row.lamports,
      valueUsd: usd,
      valueSol: inSol(usd),
    };
  };

  return {
    stats: {
      wallets: {
        total: counts.total,
        withSol: counts.withSol,
        withAssets: counts.withAssets,
        withClosable: counts.withClosable,
        poolCreators: null,
      },
      tokens: {
        totalValueUsd: assetsUsd,
        totalValueSol: inSol(assetsUsd),
        uniqueAssets: assets.length,
        assetInstances: assets.reduce((sum, a) => sum + a.instances, 0),
        instancesWithBalance: assets.reduce((sum, a) => sum + a.instancesWithBalance, 0),
        pricedAssets: priced.length,
        unpricedAssets: unpriced.length,
      },
      closable: {
        count: counts.closable,
        rentLamports: rentLamports.toString(),
        rentSol,
        rentUsd: solUsd === null ? null : rentSol * solUsd,
      },
      portfolio: {
        totalValueUsd: totalUsd,
        totalValueSol: inSol(totalUsd),
        totalSol,
        totalLamports: counts.lamports,
        totalSolUsd: solHoldingsUsd,
        totalAssetsUsd: assetsUsd,
        totalAssetsSol: inSol(assetsUsd),
        complete: solUsd !== null && unpriced.length === 0,
      },
    },
    highlights: {
      mostValuableWallet: highlight(input.wallets.top),
      masterWallet:
        counts.masterAddress === null
          ? null
          : { address: counts.masterAddress, wallet: highlight(input.wallets.master) },
      mostCommonAsset:
        commonest === undefined
          ? null
          : { mint: commonest.mint, symbol: commonest.symbol, holders: commonest.holders },
    },
    reports: { lastFinalTruthScan: input.lastScanAt },
    solPrice,
    assets,
    computedAt: new Date(input.now).toISOString(),
  };
}
