import {
  burnTokensEventSchema,
  burnTokensPlanSchema,
  burnTokensResultSchema,
  type BurnTokensEvent,
  type BurnTokensPlan,
  type BurnTokensPlanRequest,
} from '@fleet/core';
import type { StreamEvent } from '../../api/event-stream';
import { apiEventStream, apiRequest } from '../../api/http';

/** One plan per question asked: the request's id and the form it was planned from. */
export const burnPlanQueryKey = (requestId: number, request: BurnTokensPlanRequest) =>
  ['token-burns', 'plan', requestId, request] as const;

/**
 * `POST /api/solana/burn-tokens/plan`: the token accounts read from the chain now, valued at the
 * market's prices, the dust among them stored as a plan.
 */
export function planBurnTokens(
  request: BurnTokensPlanRequest,
  signal?: AbortSignal,
): Promise<BurnTokensPlan> {
  return apiRequest('/api/solana/burn-tokens/plan', {
    method: 'POST',
    body: request,
    schema: burnTokensPlanSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

export interface BurnStreamOptions {
  readonly signal?: AbortSignal;
  /** Each event of spec 2 §7's burn stream in order; the stream ends after an `error`. */
  readonly onEvent: (event: BurnTokensEvent) => void;
}

/**
 * `POST /api/solana/burn-tokens { planId }` (spec 2 §7): the confirmed plan executed as a job, its
 * events streamed, or the same events buffered as JSON for a client that does not stream.
 */
export function streamBurnTokens(planId: string, options: BurnStreamOptions): Promise<void> {
  return apiEventStream('/api/solana/burn-tokens', {
    method: 'POST',
    body: { planId },
    buffered: bufferedEvents,
    ...streamOptions(options),
  });
}

/** `GET /api/solana/burn-tokens/:jobId/events`: a running or finished burn, from its start. */
export function attachBurnTokens(jobId: string, options: BurnStreamOptions): Promise<void> {
  return apiEventStream(`/api/solana/burn-tokens/${encodeURIComponent(jobId)}/events`, {
    ...streamOptions(options),
  });
}

function streamOptions(options: BurnStreamOptions) {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    onEvent: (raw: StreamEvent): 'stop' | undefined => {
      const data: unknown = JSON.parse(raw.data);
      const event = burnTokensEventSchema.parse({ event: raw.type, data });
      options.onEvent(event);
      return event.event === 'error' ? 'stop' : undefined;
    },
  };
}

/** The buffered answer's events, as the stream would have told them. */
function bufferedEvents(answer: unknown): StreamEvent[] {
  return burnTokensResultSchema
    .parse(answer)
    .events.map((event) => ({ type: event.event, data: JSON.stringify(event.data) }));
}
