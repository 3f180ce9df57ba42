import {
  CLOSE_BLOCKERS,
  formatLamports,
  formatLamportsAsSol,
  type CloseBlocker,
  type CloseForecastView,
} from '@fleet/core';
import type { DisplayUnit } from '../preferences/display-unit-store';

/** Where the fleet's rent forecast stands: asked, failed, or here. */
export type ForecastState =
  | { readonly status: 'waiting' }
  | { readonly status: 'failed'; readonly reason: string }
  | { readonly status: 'ready'; readonly forecast: CloseForecastView };

/**
 * A forecast amount in the chosen unit: SOL to 6 decimals (spec 2 §9's operations, so a fee of a
 * few thousand lamports does not read 0.0000) or whole lamports. Net may be negative.
 */
export function forecastAmount(lamports: string, unit: DisplayUnit): string {
  const value = BigInt(lamports);
  return unit === 'sol'
    ? `${formatLamportsAsSol(value, 6)} SOL`
    : `${formatLamports(value)} lamports`;
}

/** The blockers that hold any account, named with their counts: '2 frozen · 1 withheld transfer fees'. */
export function blockersLine(blockers: Readonly<Record<CloseBlocker, number>>): string {
  const named = CLOSE_BLOCKERS.filter((reason) => blockers[reason] > 0).map(
    (reason) => `${blockers[reason].toLocaleString('en-US')} ${reason}`,
  );
  return named.length === 0 ? 'No blockers' : `Blocked: ${named.join(' · ')}`;
}

/** The wallets with something to close (or something in the way), for the card's count. */
export function walletsWithCloses(forecast: CloseForecastView): number {
  return forecast.wallets.filter((wallet) => wallet.closableAccounts > 0).length;
}

/**
 * The Closeable card's lines from the forecast (issue 19): the rent, the fees at Fleet's packing
 * and the net, the wallets, the blockers named with their counts. `money` hides amounts when
 * balances are hidden.
 */
export function closeableForecastLines(
  forecast: CloseForecastView,
  unit: DisplayUnit,
  money: (text: string) => string,
): string[] {
  const wallets = walletsWithCloses(forecast);
  return [
    `${money(forecastAmount(forecast.rentLamports, unit))} rent`,
    `${money(forecastAmount(forecast.feeLamports, unit))} fees · ${money(forecastAmount(forecast.netLamports, unit))} net`,
    `in ${wallets.toLocaleString('en-US')} ${wallets === 1 ? 'wallet' : 'wallets'}`,
    blockersLine(forecast.blockers),
  ];
}

export interface CloseableWalletRow {
  readonly wallet: string;
  readonly closable: number;
  readonly rent: string;
  readonly fee: string;
  readonly net: string;
  readonly blockers: string;
}

/**
 * Per wallet, for the card's list: only wallets with an account to close or one held back, the
 * most to close first (then by address, so the order is stable).
 */
export function closeableWalletRows(
  forecast: CloseForecastView,
  unit: DisplayUnit,
  money: (text: string) => string,
): CloseableWalletRow[] {
  return forecast.wallets
    .filter(
      (wallet) =>
        wallet.closableAccounts > 0 || CLOSE_BLOCKERS.some((reason) => wallet.blockers[reason] > 0),
    )
    .sort(
      (a, b) =>
        b.closableAccounts - a.closableAccounts ||
        (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0),
    )
    .map((wallet) => ({
      wallet: wallet.wallet,
      closable: wallet.closableAccounts,
      rent: money(forecastAmount(wallet.rentLamports, unit)),
      fee: money(forecastAmount(wallet.feeLamports, unit)),
      net: money(forecastAmount(wallet.netLamports, unit)),
      blockers: blockersLine(wallet.blockers),
    }));
}
