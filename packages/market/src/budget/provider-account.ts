// Every outbound call to one provider account goes through here: it waits for the account's
// window budget and any 429 cool-down, sends through the injected fetch with a timeout, honours
// Retry-After and backs off exponentially on 429, classifies what came back (status, not JSON,
// wrong shape), and keeps answers by request for the endpoint's stale time. The counters it keeps
// are what Scan Details shows for the provider.

import {
  BACKOFF_SHARE,
  BACKOFF_WINDOW,
  retryAfterMs,
  systemRandom,
  type Clock,
  type Random,
} from '@fleet/core';
import type { z } from 'zod';

import { MarketError, reasonOf, type ProviderId } from '../errors/market-error';
import type { FetchLike, FetchResponseLike } from '../http/fetch-like';
import { ProviderCounters, type ProviderStats } from './provider-stats';
import { ResponseCache } from './response-cache';
import { WindowLimiter, type WindowLimit } from './window-limiter';

export interface ProviderAccountOptions {
  readonly provider: ProviderId;
  /** Named budgets (DexScreener limits its pair endpoints and its boosts apart). */
  readonly buckets: Readonly<Record<string, WindowLimit>>;
  readonly fetch: FetchLike;
  readonly clock: Clock;
  /** Per attempt, body included; default 8 s. */
  readonly timeoutMs?: number;
  /** 429s retried per call before giving up; default 3. */
  readonly max429Retries?: number;
  /** How long one call may wait in all for budget and cool-downs; default 30 s. */
  readonly maxWaitMs?: number;
  /** First 429 back-off without a Retry-After, doubling per 429 in a row; default 1 s. */
  readonly backoffBaseMs?: number;
  /** The back-off's ceiling; default 30 s. */
  readonly backoffCapMs?: number;
  /** Jitter for spec 3 §9's 1.5–2 s cool-down; default `Math.random`. */
  readonly random?: Random;
}

export interface ProviderRequest<T> {
  /** A short name for messages and the cache key: `price/v3`, `token-pairs/v1`. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly schema: z.ZodType<T>;
  /** Keep the parsed answer this long; unset: never cached (swaps, executes). */
  readonly staleMs?: number;
  readonly signal?: AbortSignal;
}

export interface ProviderAccount {
  readonly provider: ProviderId;
  request<T>(request: ProviderRequest<T>): Promise<T>;
  /**
   * A caller found a well-formed answer unusable (a zero price): it counts as an error, and the
   * kept answers of requests naming `about` (the mint it was about) are forgotten, so the next
   * refresh asks again rather than being handed the refused answer for its stale time.
   */
  reject(reason: string, about?: string): void;
  stats(): ProviderStats;
}

const BODY_SNIPPET = 160;

interface Bucket {
  readonly limiter: WindowLimiter;
  cooldownUntil: number;
  consecutive429: number;
  /** When the back-off last doubled: 429s to requests sent before then are the same storm. */
  escalatedAt: number;
  /** The last 20 outcomes, true for a 429 (spec 3 §9's back-off rule). */
  readonly recent: boolean[];
}

/** Spec 3 §9: when 429s reach 0.3 of the last 20 answers, cool down 1.5–2 s (as core's pool does). */
const SHARE_COOLDOWN_MS = 1_500;
const SHARE_JITTER_MS = 500;

export function createProviderAccount(options: ProviderAccountOptions): ProviderAccount {
  const { provider, clock } = options;
  const timeoutMs = options.timeoutMs ?? 8_000;
  const max429Retries = options.max429Retries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  const backoffBaseMs = options.backoffBaseMs ?? 1_000;
  const backoffCapMs = options.backoffCapMs ?? 30_000;
  const random = options.random ?? systemRandom;
  const counters = new ProviderCounters(provider);
  const cache = new ResponseCache();
  const buckets = new Map<string, Bucket>(
    Object.entries(options.buckets).map(([name, limit]) => [
      name,
      {
        limiter: new WindowLimiter(limit),
        cooldownUntil: 0,
        consecutive429: 0,
        escalatedAt: -Infinity,
        recent: [],
      },
    ]),
  );

  const bucketOf = (name: string): Bucket => {
    const bucket = buckets.get(name);
    if (bucket === undefined) throw new RangeError(`${provider} has no rate bucket "${name}"`);
    return bucket;
  };

  /** Waits until the bucket may send, then takes its slot; false when that is past the deadline. */
  const acquire = async (
    bucket: Bucket,
    deadline: number,
    signal?: AbortSignal,
  ): Promise<boolean> => {
    for (;;) {
      const now = clock.now();
      const wait = Math.max(bucket.limiter.waitMs(now), bucket.cooldownUntil - now);
      if (wait <= 0) {
        bucket.limiter.take(now);
        return true;
      }
      if (now + wait > deadline) return false;
      await clock.sleep(wait, signal);
    }
  };

  const send = async (
    request: ProviderRequest<unknown>,
    signal: AbortSignal | undefined,
  ): Promise<{ response: FetchResponseLike; text: string }> => {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const cancelTimer = clock.schedule(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeoutMs);
    try {
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const response = await options.fetch(request.url, {
        method: request.method ?? 'GET',
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: controller.signal,
      });
      // The timeout covers the body too: a server that sends headers and then stalls must not
      // hang the caller either.
      const text = await response.text();
      return { response, text };
    } catch (error) {
      if (signal?.aborted === true) throw error;
      if (timedOut) {
        counters.timeouts++;
        throw new MarketError('MARKET__TIMEOUT', { provider, timeoutMs });
      }
      throw new MarketError(
        'MARKET__NETWORK',
        { provider, reason: networkReason(error) },
        { cause: error },
      );
    } finally {
      cancelTimer();
      signal?.removeEventListener('abort', onAbort);
    }
  };

  const fetchParsed = async <T>(request: ProviderRequest<T>): Promise<T> => {
    const bucket = bucketOf(request.bucket);
    const started = clock.now();
    const deadline = started + maxWaitMs;
    for (let attempt = 0; ; attempt++) {
      if (!(await acquire(bucket, deadline, request.signal)))
        throw fail(
          new MarketError('MARKET__RATE_LIMITED', { provider, waitedMs: clock.now() - started }),
        );
      counters.calls++;
      const sentAt = clock.now();
      let sent;
      try {
        sent = await send(request, request.signal);
      } catch (error) {
        if (request.signal?.aborted === true) throw error;
        throw fail(error);
      }
      const now = clock.now();
      const { response, text } = sent;
      if (response.status === 429) {
        counters.rateLimited++;
        counters.lastError = 'HTTP 429';
        counters.lastErrorAt = now;
        remember(bucket, true);
        // Ten requests refused in one burst are one 429 for the back-off, not ten doublings.
        if (sentAt >= bucket.escalatedAt) {
          bucket.consecutive429++;
          bucket.escalatedAt = now;
        }
        const backoff = Math.min(backoffCapMs, backoffBaseMs * 2 ** (bucket.consecutive429 - 1));
        const told = retryAfterMs(response.headers.get('retry-after'), now);
        const share = bucket.recent.filter(Boolean).length / bucket.recent.length;
        const shareCooldown =
          share >= BACKOFF_SHARE ? SHARE_COOLDOWN_MS + random() * SHARE_JITTER_MS : 0;
        bucket.cooldownUntil = Math.max(
          bucket.cooldownUntil,
          now + Math.max(told ?? 0, backoff, shareCooldown),
        );
        if (attempt < max429Retries && bucket.cooldownUntil <= deadline) continue;
        throw new MarketError('MARKET__RATE_LIMITED', { provider, waitedMs: now - started });
      }
      bucket.consecutive429 = 0;
      remember(bucket, false);
      if (response.status < 200 || response.status > 299)
        throw fail(
          new MarketError('MARKET__HTTP_STATUS', {
            provider,
            status: response.status,
            body: printable(text).slice(0, BODY_SNIPPET),
          }),
        );
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw fail(new MarketError('MARKET__NOT_JSON', { provider, endpoint: request.endpoint }));
      }
      const parsed = request.schema.safeParse(json);
      if (!parsed.success)
        throw fail(
          new MarketError('MARKET__BAD_SHAPE', {
            provider,
            endpoint: request.endpoint,
            issues: parsed.error.issues
              .slice(0, 3)
              .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
              .join('; '),
          }),
        );
      return parsed.data;
    }
  };

  const fail = (error: unknown): unknown => {
    counters.failed(reasonOf(error), clock.now());
    return error;
  };

  return {
    provider,
    async request<T>(request: ProviderRequest<T>): Promise<T> {
      const staleMs = request.staleMs;
      if (staleMs === undefined || staleMs <= 0) return fetchParsed(request);
      const key = `${request.method ?? 'GET'} ${request.url} ${request.body === undefined ? '' : JSON.stringify(request.body)}`;
      const hit = cache.fresh(key, staleMs, clock.now());
      if (hit !== null) {
        counters.cacheHits++;
        return hit.value as T;
      }
      const pending = cache.pending(key);
      if (pending !== undefined) {
        counters.cacheHits++;
        return (await pending) as T;
      }
      const promise = fetchParsed(request).then((value) => {
        cache.put(key, value, clock.now());
        return value;
      });
      cache.track(key, promise);
      return promise;
    },
    reject(reason, about) {
      counters.failed(reason, clock.now());
      if (about !== undefined && about !== '') cache.forgetMentioning(about);
    },
    stats() {
      let cooling = 0;
      const now = clock.now();
      for (const bucket of buckets.values())
        cooling = Math.max(cooling, bucket.cooldownUntil - now);
      return counters.snapshot(cooling);
    },
  };
}

function remember(bucket: Bucket, limited: boolean): void {
  bucket.recent.push(limited);
  if (bucket.recent.length > BACKOFF_WINDOW) bucket.recent.shift();
}

// Provider text reaches logs and screens: printable characters only.
function printable(text: string): string {
  return [...text]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim();
}

function networkReason(error: unknown): string {
  // undici wraps the socket error in `cause` (ECONNRESET, ECONNREFUSED, ...).
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause !== undefined && typeof cause.code === 'string') return cause.code;
  return reasonOf(error);
}
