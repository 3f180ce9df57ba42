import {
  exhaustiveSwitchError,
  formatSolExact,
  parseLamports,
  type SyncVerifyResponse,
  type VerifyMismatch,
  type VerifyReport,
} from '@fleet/core';
import {
  SYNC_SCAN_MESSAGES,
  plainError,
  syncScanError,
  type SyncScanError,
} from './sync-scan-messages';
import { countText, durationText, type Figure } from './sync-scan-view';

/** Spec 2 §4's verify dialog: exactly these states, in this order. */
export type VerifyState =
  | { readonly kind: 'fetchConfirm'; readonly error: SyncScanError | null }
  | { readonly kind: 'fetching' }
  | {
      readonly kind: 'verifyConfirm';
      readonly walletCount: number;
      readonly error: SyncScanError | null;
    }
  | {
      readonly kind: 'verifying';
      readonly walletCount: number;
      /** Epoch milliseconds when the request went out, for the elapsed-seconds counter. */
      readonly startedAt: number;
    }
  | { readonly kind: 'summary'; readonly jobId: string; readonly report: VerifyReport };

export type VerifyAction =
  | { readonly type: 'fetch' }
  | { readonly type: 'fetched'; readonly wallets: readonly string[] }
  | { readonly type: 'fetchFailed'; readonly error: unknown }
  | { readonly type: 'verify'; readonly now: number }
  | { readonly type: 'verified'; readonly response: SyncVerifyResponse }
  | { readonly type: 'verifyFailed'; readonly error: unknown };

export const INITIAL_VERIFY: VerifyState = Object.freeze({ kind: 'fetchConfirm', error: null });

/**
 * The dialog's transitions. An answer that arrives for a state the dialog has left changes
 * nothing.
 */
export function verifyReducer(state: VerifyState, action: VerifyAction): VerifyState {
  switch (action.type) {
    case 'fetch':
      return state.kind === 'fetchConfirm' ? { kind: 'fetching' } : state;
    case 'fetched':
      if (state.kind !== 'fetching') return state;
      return action.wallets.length === 0
        ? { kind: 'fetchConfirm', error: plainError(SYNC_SCAN_MESSAGES.noWallets) }
        : { kind: 'verifyConfirm', walletCount: action.wallets.length, error: null };
    case 'fetchFailed':
      return state.kind === 'fetching'
        ? {
            kind: 'fetchConfirm',
            error: syncScanError(SYNC_SCAN_MESSAGES.fetchWalletsFailed, action.error),
          }
        : state;
    case 'verify':
      return state.kind === 'verifyConfirm'
        ? { kind: 'verifying', walletCount: state.walletCount, startedAt: action.now }
        : state;
    case 'verified':
      return state.kind === 'verifying'
        ? { kind: 'summary', jobId: action.response.jobId, report: action.response.report }
        : state;
    case 'verifyFailed':
      return state.kind === 'verifying'
        ? {
            kind: 'verifyConfirm',
            walletCount: state.walletCount,
            error: syncScanError(SYNC_SCAN_MESSAGES.verificationFailed, action.error),
          }
        : state;
    default:
      return exhaustiveSwitchError(action);
  }
}

export function verifyConfirmText(walletCount: number): string {
  return (
    `Read ${countText(walletCount)} wallet${walletCount === 1 ? '' : 's'} from the chain and ` +
    'compare them with the stored balances and token accounts. Nothing is written.'
  );
}

/** Whole seconds since the verify was sent, never negative (a clock set back). */
export function elapsedSeconds(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

export function verifyingText(startedAt: number, now: number): string {
  return `Verifying… ${countText(elapsedSeconds(startedAt, now))} s`;
}

/** Spec 2 §3's verify report, with the comparison's counts. */
export function verifyFigures(report: VerifyReport): Figure[] {
  return [
    { label: 'Wallets scanned', value: countText(report.walletsScanned) },
    { label: 'Tokens found', value: countText(report.tokensFound) },
    { label: 'RPC failures', value: countText(report.rpcFailures) },
    { label: 'Duration', value: durationText(report.durationSeconds) },
    { label: 'Wallets matching', value: countText(report.walletsMatching) },
    { label: 'Wallets differing', value: countText(report.walletsDiffering) },
  ];
}

export type VerifyOutcome =
  | { readonly kind: 'withErrors'; readonly error: SyncScanError }
  | { readonly kind: 'differing'; readonly text: string }
  | { readonly kind: 'matching' };

/** Errors first: a wallet that could not be read is neither matching nor differing. */
export function verifyOutcomes(report: VerifyReport): VerifyOutcome[] {
  const outcomes: VerifyOutcome[] = [];
  if (report.rpcFailures > 0) {
    outcomes.push({
      kind: 'withErrors',
      error: {
        message: SYNC_SCAN_MESSAGES.completedWithErrors,
        detail: `${countText(report.rpcFailures)} RPC failure(s): those wallets were not compared.`,
      },
    });
  }
  if (report.walletsDiffering > 0) {
    outcomes.push({
      kind: 'differing',
      text: `${countText(report.walletsDiffering)} wallet(s) differ from the chain.`,
    });
  } else if (report.rpcFailures === 0) {
    outcomes.push({ kind: 'matching' });
  }
  return outcomes;
}

/** The summary lists this many differing wallets; the counts cover them all. */
export const SHOWN_MISMATCHES = 100;

export interface MismatchRow {
  readonly address: string;
  /** SOL with every significant digit: a one-lamport difference must show. */
  readonly storedSol: string;
  readonly chainSol: string;
  readonly missingAccounts: string;
  readonly goneAccounts: string;
  readonly differentAmounts: string;
}

function solText(lamports: string): string {
  const value = parseLamports(lamports);
  return value === undefined ? lamports : formatSolExact(value);
}

export function mismatchRows(mismatches: readonly VerifyMismatch[]): {
  readonly rows: readonly MismatchRow[];
  readonly hiddenCount: number;
} {
  const rows = mismatches.slice(0, SHOWN_MISMATCHES).map((mismatch) => ({
    address: mismatch.address,
    storedSol: solText(mismatch.storedLamports),
    chainSol: solText(mismatch.chainLamports),
    missingAccounts: countText(mismatch.missingAccounts),
    goneAccounts: countText(mismatch.goneAccounts),
    differentAmounts: countText(mismatch.differentAmounts),
  }));
  return { rows, hiddenCount: Math.max(0, mismatches.length - rows.length) };
}
