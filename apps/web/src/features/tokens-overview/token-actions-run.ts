import {
  isAddress,
  MARKET_REFRESH_BATCH,
  type MarketRefreshBody,
  type MarketRefreshResponse,
  type TokenClassifyResponse,
} from '@fleet/core';
import type { ToastMessage } from '../../ui/toast';

/**
 * The Tokens Overview's two bulk buttons (spec 2 §2.5, §7, §9): Refresh Market Data sends the
 * listed mints in batches of 50, one after the other (a provider's rate limit is per account),
 * and says which batch it is on; Classify Tokens says what it classified and, when some mints
 * were left to the decimals rule, why.
 */

/** The mints in batches of `MARKET_REFRESH_BATCH`, in order. */
export function marketRefreshBatches<T extends string>(mints: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < mints.length; start += MARKET_REFRESH_BATCH) {
    batches.push(mints.slice(start, start + MARKET_REFRESH_BATCH));
  }
  return batches;
}

export interface MarketRefreshProgress {
  /** 1-based: the batch being sent. */
  readonly batch: number;
  readonly batches: number;
}

export function batchProgressText(progress: MarketRefreshProgress): string {
  return `batch ${progress.batch.toLocaleString('en-US')} of ${progress.batches.toLocaleString('en-US')}`;
}

export interface MarketRefreshOutcome {
  readonly mints: number;
  readonly refreshed: number;
  readonly unpriced: readonly string[];
  readonly reasons: readonly string[];
}

/**
 * Sends every batch in turn, telling `onProgress` before each. A failed batch ends the run: its
 * error is the run's (the batches before it are refreshed, and said so by the caller's refetch).
 */
export async function runMarketRefresh(
  mints: readonly string[],
  send: (body: MarketRefreshBody) => Promise<MarketRefreshResponse>,
  onProgress: (progress: MarketRefreshProgress) => void,
): Promise<MarketRefreshOutcome> {
  // The server lists only real mints; anything else would fail its batch, so it is not sent.
  const batches = marketRefreshBatches(mints.filter(isAddress));
  let refreshed = 0;
  const unpriced: string[] = [];
  const reasons = new Set<string>();
  for (const [index, batch] of batches.entries()) {
    onProgress({ batch: index + 1, batches: batches.length });
    const answer = await send({ mints: batch, chunkSize: MARKET_REFRESH_BATCH });
    refreshed += answer.refreshed;
    unpriced.push(...answer.unpriced);
    for (const reason of answer.reasons) reasons.add(reason);
  }
  return { mints: mints.length, refreshed, unpriced, reasons: [...reasons] };
}

export function marketRefreshToast(outcome: MarketRefreshOutcome): ToastMessage {
  const parts = [
    `${outcome.refreshed.toLocaleString('en-US')} of ${outcome.mints.toLocaleString('en-US')} token(s) refreshed`,
  ];
  if (outcome.unpriced.length > 0) {
    parts.push(
      `${outcome.unpriced.length.toLocaleString('en-US')} could not be priced${
        outcome.reasons.length > 0 ? ` (${outcome.reasons.join('; ')})` : ''
      }`,
    );
  }
  return {
    title: 'Market data refreshed',
    description: `${parts.join('; ')}.`,
    severity: outcome.unpriced.length > 0 ? 'warning' : 'success',
  };
}

/** Refresh Market Data with nothing listed does nothing but say so. */
export const NOTHING_TO_REFRESH: ToastMessage = Object.freeze({
  title: 'Nothing to refresh',
  description: 'No tokens are listed.',
  severity: 'info',
});

export function classifyToast(answer: TokenClassifyResponse): ToastMessage {
  const classified = `${answer.classified.toLocaleString('en-US')} of ${answer.requested.toLocaleString('en-US')} token(s) classified`;
  if (answer.degraded === 0) {
    return { title: 'Tokens classified', description: `${classified}.`, severity: 'success' };
  }
  const degraded = `${answer.degraded.toLocaleString('en-US')} kept the decimals rule`;
  return {
    title: 'Tokens classified',
    description: `${classified}; ${degraded}${answer.reason ? `: ${answer.reason}` : ''}.`,
    severity: 'warning',
  };
}
