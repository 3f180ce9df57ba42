import {
  closeForecastSchema,
  closeTokensEventSchema,
  closeTokensPlanSchema,
  closeTokensResultSchema,
  type CloseForecastView,
  type CloseTokensEvent,
  type CloseTokensPlan,
  type CloseTokensPlanRequest,
} from '@fleet/core';
import type { StreamEvent } from '../../api/event-stream';
import { apiEventStream, apiRequest } from '../../api/http';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';

/**
 * Under the wallet lists' prefix: whatever changes the stored token accounts (an import, a
 * balance refresh, a close) makes the list stale, and the forecast with it.
 */
export const closeForecastQueryKey = [...LIST_QUERY_KEYS.wallets, 'close-forecast'] as const;

export const closePlanQueryKey = (requestId: number, rentDestination: string) =>
  ['token-closes', 'plan', requestId, rentDestination] as const;

/** `GET /api/solana/close-tokens/forecast`: the fleet's forecast from the stored empty accounts. */
export function fetchCloseForecast(signal?: AbortSignal): Promise<CloseForecastView> {
  return apiRequest('/api/solana/close-tokens/forecast', {
    schema: closeForecastSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/solana/close-tokens/plan`: the accounts read from the chain now, stored as a plan. */
export function planCloseTokens(
  request: Partial<CloseTokensPlanRequest>,
  signal?: AbortSignal,
): Promise<CloseTokensPlan> {
  return apiRequest('/api/solana/close-tokens/plan', {
    method: 'POST',
    body: request,
    schema: closeTokensPlanSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

export interface CloseStreamOptions {
  readonly signal?: AbortSignal;
  /** Each event of spec 2 §7 in order; the stream ends after an `error` (spec 2 §8). */
  readonly onEvent: (event: CloseTokensEvent) => void;
}

/**
 * `POST /api/solana/close-tokens { planId }` (spec 2 §7): the confirmed plan executed as a job,
 * its events streamed, or the same events buffered as JSON for a client that does not stream.
 */
export function streamCloseTokens(planId: string, options: CloseStreamOptions): Promise<void> {
  return apiEventStream('/api/solana/close-tokens', {
    method: 'POST',
    body: { planId },
    buffered: bufferedEvents,
    ...streamOptions(options),
  });
}

/** `GET /api/solana/close-tokens/:jobId/events`: a running or finished close, from its start. */
export function attachCloseTokens(jobId: string, options: CloseStreamOptions): Promise<void> {
  return apiEventStream(`/api/solana/close-tokens/${encodeURIComponent(jobId)}/events`, {
    ...streamOptions(options),
  });
}

function streamOptions(options: CloseStreamOptions) {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    onEvent: (raw: StreamEvent): 'stop' | undefined => {
      const data: unknown = JSON.parse(raw.data);
      const event = closeTokensEventSchema.parse({ event: raw.type, data });
      options.onEvent(event);
      return event.event === 'error' ? 'stop' : undefined;
    },
  };
}

/** The buffered answer's events, as the stream would have told them. */
function bufferedEvents(answer: unknown): StreamEvent[] {
  return closeTokensResultSchema
    .parse(answer)
    .events.map((event) => ({ type: event.event, data: JSON.stringify(event.data) }));
}
