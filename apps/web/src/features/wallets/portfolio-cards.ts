import {
  type SlimWallet,
  type Valuation,
  type WalletSummary,
  formatBalanceWithUnit,
  formatUsd,
  NEVER_SCANNED,
  NO_VALUE,
  scanAgeText,
} from '@fleet/core';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { shownBalance } from '../preferences/hidden-balance';
import { closeableForecastLines, type ForecastState } from './portfolio-closeable';

/**
 * How old the overview's figures are: they add up every wallet, so they are as old as the
 * oldest wallet's scan ('scanned 5m ago'), and say how many wallets were never read at all.
 * Null when there are no wallets to speak of.
 */
export function fleetScanAge(
  wallets: readonly Pick<SlimWallet, 'lastScannedAt'>[],
  now: number,
): string | null {
  if (wallets.length === 0) return null;
  let oldest: string | null = null;
  let never = 0;
  for (const wallet of wallets) {
    if (wallet.lastScannedAt === null) never++;
    else if (oldest === null || wallet.lastScannedAt < oldest) oldest = wallet.lastScannedAt;
  }
  if (oldest === null) return `${NEVER_SCANNED} scanned`;
  const age = scanAgeText(oldest, now);
  return never === 0 ? age : `${age}; ${never.toLocaleString()} never`;
}

export interface OverviewCard {
  readonly title: string;
  readonly main: string;
  readonly lines: readonly string[];
  /** Why a figure is missing or partial (the card's tooltip), when it is. */
  readonly note?: string;
}

/** Where the valuation stands: not asked yet (spec 2 §4's 4 s) or in flight, failed, or here. */
export type ValuationState =
  | { readonly status: 'waiting' }
  | { readonly status: 'failed'; readonly reason: string }
  | { readonly status: 'ready'; readonly valuation: Valuation };

export interface OverviewDisplay {
  readonly hideBalances: boolean;
  readonly unit: DisplayUnit;
  /** `fleetScanAge`: added to every card whose figures come from the chain. */
  readonly scanAge?: string | null;
}

/** What a value needing a price nobody gave reads (issue 18): never $0. */
export const NOT_PRICED = 'not priced';
export const VALUING = 'Valuing…';
export const INCOMPLETE = 'Some assets are not priced';
export const POOL_CREATORS_UNTRACKED = 'Fleet does not track pool creators yet';

/** `1 asset`, `2 assets`: a count with the noun it counts, singular for exactly one. */
function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/**
 * A valuation figure in SOL (a USD value over the SOL price): an estimate, so it is rounded to
 * spec 1 §9's 4 decimals and marked as one. Amounts the chain holds use core's lamport formatters.
 */
export function formatSolEstimate(value: number): string {
  return `≈ ${value.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 })} SOL`;
}

/** Why the valuation's totals are partial: SOL unpriced, tokens unpriced, or both. */
export function incompleteReason(valuation: Valuation): string | null {
  if (valuation.stats.portfolio.complete) return null;
  const reasons: string[] = [];
  if (valuation.solPrice.status === 'unavailable') {
    reasons.push(`SOL is not priced: ${valuation.solPrice.message}`);
  }
  const unpriced = valuation.stats.tokens.unpricedAssets;
  if (unpriced > 0) {
    reasons.push(
      `${unpriced.toLocaleString()} held ${unpriced === 1 ? 'token is' : 'tokens are'} not priced`,
    );
  }
  return reasons.length > 0 ? reasons.join('; ') : INCOMPLETE;
}

/**
 * The five Portfolio Overview cards (spec 2 §2.1): amounts the chain holds from the wallet
 * list's summary, in the unit the settings menu chose (SOL to 4 decimals or lamports); values
 * from the valuation (spec 2 §3) in USD, with estimates in SOL. Before the valuation arrives a
 * value reads `Valuing…`; a value that needs a missing price reads `not priced`, never $0, and a
 * partial total says some assets are not priced. With balances hidden, every amount of money
 * reads `***`; counts stay.
 */
export function overviewCards(
  summary: WalletSummary,
  valuation: ValuationState,
  display: OverviewDisplay,
  forecast: ForecastState = { status: 'waiting' },
): OverviewCard[] {
  const { hideBalances, unit, scanAge = null } = display;
  const money = (text: string) => shownBalance(text, hideBalances);
  const sol = money(formatBalanceWithUnit(BigInt(summary.totalLamports), unit));
  const ready = valuation.status === 'ready' ? valuation.valuation : null;
  /** A USD value from the valuation: its figure, or why there is none. */
  const usdValue = (pick: (found: Valuation) => number | null): string => {
    if (valuation.status === 'waiting') return money(VALUING);
    if (valuation.status === 'failed') return money(NO_VALUE);
    const value = pick(valuation.valuation);
    return money(value === null ? NOT_PRICED : formatUsd(value));
  };
  const usd = (pick: (found: Valuation) => number | null) => `USD ${usdValue(pick)}`;
  const estimate = (value: number | null | undefined) =>
    value === null || value === undefined ? [] : [money(formatSolEstimate(value))];
  const failedNote =
    valuation.status === 'failed' ? `Valuation failed: ${valuation.reason}` : undefined;
  const { wallets, tokens, closable } = summary;
  const aged = (lines: string[]) => (scanAge === null ? lines : [...lines, scanAge]);
  const incomplete = ready ? incompleteReason(ready) : null;
  const solNote = ready?.solPrice.status === 'unavailable' ? ready.solPrice.message : failedNote;
  const priced = ready?.stats.tokens;
  const tokensNotPriced =
    priced && priced.unpricedAssets > 0
      ? `${priced.unpricedAssets.toLocaleString()} of ${priced.uniqueAssets.toLocaleString()} assets not priced`
      : null;
  // Only the valuation says whether pool creators are counted at all (null: not tracked); the
  // list summary's 0 stands for the same "not tracked", so it is never shown as a count.
  const poolCreators = ready?.stats.wallets.poolCreators ?? null;
  const withNote = (card: Omit<OverviewCard, 'note'>, note: string | null | undefined) =>
    note ? { ...card, note } : card;
  return [
    withNote(
      {
        title: 'Portfolio',
        main: usdValue((found) => found.stats.portfolio.totalValueUsd),
        lines: aged([
          ...estimate(ready?.stats.portfolio.totalValueSol),
          ...(incomplete ? [INCOMPLETE] : []),
        ]),
      },
      incomplete ?? failedNote,
    ),
    withNote(
      {
        title: 'SOL Holdings',
        main: sol,
        lines: aged([
          `${counted(wallets.withSol, 'wallet', 'wallets')} with SOL`,
          usd((found) => found.stats.portfolio.totalSolUsd),
        ]),
      },
      solNote,
    ),
    withNote(
      {
        title: 'Token Assets',
        main: counted(tokens.uniqueAssets, 'asset', 'assets'),
        lines: aged([
          `${tokens.instancesWithBalance.toLocaleString()} of ${tokens.assetInstances.toLocaleString()} accounts hold a balance`,
          usd((found) =>
            found.stats.tokens.pricedAssets === 0 && found.stats.tokens.unpricedAssets > 0
              ? null
              : found.stats.tokens.totalValueUsd,
          ),
          ...estimate(priced && priced.pricedAssets > 0 ? ready?.stats.tokens.totalValueSol : null),
          ...(tokensNotPriced ? [tokensNotPriced] : []),
        ]),
      },
      tokensNotPriced ? incomplete : failedNote,
    ),
    withNote(
      {
        title: 'Wallets',
        main: wallets.total.toLocaleString(),
        lines: [
          counted(wallets.traders, 'trader', 'traders'),
          `${poolCreators === null ? NO_VALUE : poolCreators.toLocaleString()} pool creators`,
        ],
      },
      poolCreators === null ? POOL_CREATORS_UNTRACKED : null,
    ),
    // The forecast (fees at Fleet's packing, net, blockers) once it is here; the list's own
    // count and rent until then.
    forecast.status === 'ready'
      ? withNote(
          {
            title: 'Closeable',
            main: counted(forecast.forecast.closableAccounts, 'account', 'accounts'),
            lines: aged([
              ...closeableForecastLines(forecast.forecast, unit, money),
              usd((found) => found.stats.closable.rentUsd),
            ]),
          },
          solNote,
        )
      : withNote(
          {
            title: 'Closeable',
            main: counted(closable.count, 'account', 'accounts'),
            lines: aged([
              `${money(formatBalanceWithUnit(BigInt(closable.rentLamports), unit))} rent`,
              usd((found) => found.stats.closable.rentUsd),
              `in ${counted(wallets.withClosable, 'wallet', 'wallets')}`,
            ]),
          },
          forecast.status === 'failed'
            ? `The rent forecast could not be read: ${forecast.reason}`
            : solNote,
        ),
  ];
}
