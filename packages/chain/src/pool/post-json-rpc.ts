// One HTTP attempt at one endpoint, classified for the pool: an answer (a parsed JSON-RPC
// envelope), a rate limit (with the server's Retry-After), or a failure the pool may fail over
// from. Numbers are parsed as kit's own HTTP transport parses them, so u64 amounts stay exact.

import { retryAfterMs, type Clock } from '@fleet/core';
import { parseJsonWithBigInts, stringifyJsonWithBigInts } from '@solana/rpc-spec-types';

export type PostOutcome =
  | { readonly kind: 'answer'; readonly body: unknown }
  | { readonly kind: 'rate-limited'; readonly retryAfterMs: number | null }
  | { readonly kind: 'failed'; readonly reason: string; readonly timedOut: boolean };

export async function postJsonRpc(
  url: string,
  payload: unknown,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  clock: Clock,
): Promise<PostOutcome> {
  // The timeout covers the whole exchange, body included: a server that sends headers and then
  // stalls must not hang a scan either.
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal === undefined ? timeout : AbortSignal.any([callerSignal, timeout]);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
      body: stringifyJsonWithBigInts(payload),
      signal,
    });
    const text = await response.text();
    if (response.status === 429)
      return {
        kind: 'rate-limited',
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), clock.now()),
      };
    if (!response.ok) return failed(`HTTP ${response.status}`);
    let body: unknown;
    try {
      body = parseJsonWithBigInts(text);
    } catch {
      return failed('answer is not JSON');
    }
    return { kind: 'answer', body };
  } catch (error) {
    // The caller gave up: that is not the endpoint's fault, and must not be retried.
    if (callerSignal?.aborted === true) throw callerSignal.reason;
    if (timeout.aborted)
      return { kind: 'failed', reason: `no answer within ${timeoutMs} ms`, timedOut: true };
    return failed(networkReason(error));
  }
}

function failed(reason: string): PostOutcome {
  return { kind: 'failed', reason, timedOut: false };
}

function networkReason(error: unknown): string {
  // undici wraps the socket error in `cause` (ECONNRESET, ECONNREFUSED, ...).
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause !== undefined && typeof cause.code === 'string')
    return `connection failed (${cause.code})`;
  return `connection failed (${error instanceof Error ? error.message : String(error)})`;
}
