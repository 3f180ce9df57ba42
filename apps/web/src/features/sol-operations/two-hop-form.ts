import {
  exhaustiveSwitchError,
  formatSolExact,
  type DoubleDistributionPlanRequest,
  type DoubleDistributionProgress,
} from '@fleet/core';
import { amountFieldLamports } from './amount-input';
import { sol6 } from './plan-summary';

/**
 * Spec 3 §7's recipients from one amount of SOL per destination, typed and converted to lamports
 * exactly (a decimal string on the wire); null while the amount is 0 or there is no destination.
 */
export function twoHopRequest(
  destinations: readonly string[],
  amountText: string,
): { readonly request: DoubleDistributionPlanRequest; readonly totalText: string } | null {
  const lamports = amountFieldLamports(amountText);
  if (lamports === 0n || destinations.length === 0) return null;
  return {
    request: {
      recipients: destinations.map((destination) => ({
        destination,
        amountLamports: lamports.toString(),
      })),
    },
    totalText: `${formatSolExact(lamports * BigInt(destinations.length))} SOL`,
  };
}

export interface StrandedMiddleman {
  readonly middleman: string;
  readonly destination: string;
  readonly balance: string;
}

/** Middlemen still holding SOL (a second leg that did not land), with what they hold. */
export function strandedMiddlemen(
  progress: DoubleDistributionProgress,
): readonly StrandedMiddleman[] {
  return progress.results.flatMap((result) =>
    result.middlemanLamports !== null && result.middlemanLamports !== '0'
      ? [
          {
            middleman: result.middleman,
            destination: result.destination,
            balance: sol6(result.middlemanLamports),
          },
        ]
      : [],
  );
}

export interface TwoHopTally {
  readonly forwarded: number;
  readonly failed: number;
  readonly pending: number;
  /** Destinations whose outcome is known: forwarded or failed. */
  readonly settled: number;
  /** Destinations: one result each (never legs, which are two per destination). */
  readonly total: number;
}

/** Spec 3 §4's forwarded / failed / pending, counted from the results, one per destination. */
export function twoHopTally(progress: Pick<DoubleDistributionProgress, 'results'>): TwoHopTally {
  let forwarded = 0;
  let failed = 0;
  let pending = 0;
  for (const result of progress.results) {
    switch (result.status) {
      case 'forwarded':
        forwarded += 1;
        break;
      case 'failed':
        failed += 1;
        break;
      case 'pending':
        pending += 1;
        break;
      default:
        return exhaustiveSwitchError(result.status);
    }
  }
  return {
    forwarded,
    failed,
    pending,
    settled: forwarded + failed,
    total: progress.results.length,
  };
}

/** forwarded / failed / pending counts, for the progress line. */
export function twoHopCounts(progress: Pick<DoubleDistributionProgress, 'results'>): string {
  const { forwarded, failed, pending } = twoHopTally(progress);
  return `${forwarded} forwarded, ${failed} failed, ${pending} pending`;
}

/** The dialog's count line: destinations settled of all destinations, and the job's status. */
export function twoHopProgressLine(
  progress: Pick<DoubleDistributionProgress, 'results' | 'status'>,
): string {
  const { settled, total } = twoHopTally(progress);
  return `${settled.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} destinations · ${progress.status}`;
}
