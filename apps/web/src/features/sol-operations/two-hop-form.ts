import {
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

/** forwarded / failed / pending counts, for the progress line. */
export function twoHopCounts(progress: DoubleDistributionProgress): string {
  const count = (status: string) => progress.results.filter((r) => r.status === status).length;
  return `${count('forwarded')} forwarded, ${count('failed')} failed, ${count('pending')} pending`;
}
