// The pool every chain call goes through. It is a kit `RpcTransport`: callers use kit's typed
// API (amounts arrive as bigint), and the pool decides where each call goes — the healthiest
// endpoint with spare budget — paces each endpoint under its rate, honours 429s, fails reads over
// to another endpoint, and times every attempt out so a hanging endpoint cannot hang a caller.
// Sends have a budget of their own per endpoint (`sendRps`): providers limit sendTransaction far
// below their overall rate, and a send spent on a 429 is a send the batch did not make.

import {
  FleetError,
  PACING_SHARE,
  PacedEndpoint,
  RateBudget,
  systemClock,
  systemRandom,
  type Clock,
  type EndpointSnapshot,
  type Random,
} from '@fleet/core';
import {
  createSolanaRpcFromTransport,
  isJsonRpcPayload,
  type Rpc,
  type RpcTransport,
  type SolanaRpcApi,
} from '@solana/kit';

import { checkAnswer } from './answer-checks';
import { endpointLabels, parseRpcUrl, type EndpointConfig } from './endpoint-config';
import { postJsonRpc } from './post-json-rpc';

export interface EndpointPoolOptions {
  readonly endpoints: readonly (string | EndpointConfig)[];
  /** Per attempt; default 10 s. */
  readonly timeoutMs?: number;
  /** Attempts per call that reach an endpoint and fail (429s excluded); default 2 × endpoints, at least 3. */
  readonly maxAttempts?: number;
  /** How long one call may wait in all for budget and cool-downs; default 60 s. */
  readonly maxWaitMs?: number;
  /** Time for budgets, cool-downs, deadlines and latency; default the system clock. */
  readonly clock?: Clock;
  /** Jitter for endpoint choice and back-off; default `Math.random`. */
  readonly random?: Random;
}

/** Spec 1 §3's names, plus the RPC method counts and per-endpoint detail of the Scan Details dialog. */
export interface PoolStats {
  readonly endpoints: readonly string[];
  readonly endpointHits: Readonly<Record<string, number>>;
  readonly endpointErrors: Readonly<Record<string, number>>;
  readonly endpoint429s: Readonly<Record<string, number>>;
  /** sendTransaction requests put to each endpoint (every attempt, 429s included). */
  readonly endpointSends: Readonly<Record<string, number>>;
  /** Calls made by callers, by method (an attempt that failed over is counted once). */
  readonly rpcMethods: Readonly<Record<string, number>>;
  readonly calls: number;
  readonly failedCalls: number;
  readonly details: readonly EndpointSnapshot[];
}

/** A kit RPC bound to one endpoint of the pool, and that endpoint's label for logs and stats. */
export interface PinnedRpc {
  readonly label: string;
  /**
   * Every call goes to this one endpoint, paced under its budget and timed out like any other,
   * and counted in the pool's stats. No failover: a failure throws, and the caller pins again.
   */
  readonly rpc: Rpc<SolanaRpcApi>;
}

export interface EndpointPool {
  /** kit's typed Solana RPC over the pool. */
  readonly rpc: Rpc<SolanaRpcApi>;
  readonly transport: RpcTransport;
  readonly size: number;
  /** A call kit does not type (the DAS methods); the result, after the same checks and failover. */
  call(method: string, params: unknown, signal?: AbortSignal): Promise<unknown>;
  stats(): PoolStats;
  /** Calls waiting for an endpoint now: above zero, the pool (not its callers) sets the pace. */
  waiting(): number;
  /**
   * Sends per second the pool may make in all: each endpoint's `sendRps`, or its `rps` when it
   * has no send limit of its own. Null when some endpoint has neither (its limit is unknown), so
   * a benchmark can say what share of the budget it used only when there is one to share.
   */
  sendBudgetPerSecond(): number | null;
  /**
   * The healthiest endpoint now, for reads that must agree with each other: a block height and
   * the signature statuses judged against it must come from one node (`observeSignatures`), or a
   * lagging node's "not found" beside another's later height would expire a transaction that landed.
   */
  pinned(): PinnedRpc;
}

// Sends are never repeated by the pool after they may have reached a node: at-most-once sending
// belongs to the transaction layer, which first asks the chain about the earlier signature.
const NOT_REPEATABLE = new Set(['sendTransaction', 'requestAirdrop']);

type EndpointState = PacedEndpoint<EndpointConfig>;

/** An endpoint's sending: its own bucket under `sendRps` (none without one) and its count. */
interface SendLane {
  readonly budget: RateBudget | null;
  sends: number;
}

const SEND_METHOD = 'sendTransaction';

interface Lease {
  readonly endpoint: EndpointState;
  readonly stamp: number;
}

interface Waiter {
  /** Also waits for the endpoint's send budget. */
  readonly send: boolean;
  /** The one endpoint a pinned call may use, or null when every endpoint may serve it. */
  readonly only: EndpointState | null;
  readonly avoid: ReadonlySet<EndpointState>;
  readonly deadline: number;
  readonly resolve: (lease: Lease | null) => void;
}

/**
 * An endpoint's send bucket: `sendRps` paced at `PACING_SHARE`, holding a little more than one
 * send. A timer that fires late (a busy event loop) would otherwise find the bucket full and lose
 * the lateness from the budget on every send; the extra share banks it. It is half the pacing's
 * slack, so that any one second still holds at most `1 + 0.985 × sendRps` sends: never more than
 * the provider's `sendRps`, however its window is aligned.
 */
function sendBudget(sendRps: number | undefined, now: number): RateBudget | null {
  if (sendRps === undefined) return null;
  const rate = sendRps * PACING_SHARE;
  const capacity = 1 + ((1 - PACING_SHARE) * sendRps) / 2;
  return new RateBudget(rate, now, capacity / rate);
}

export function createEndpointPool(options: EndpointPoolOptions): EndpointPool {
  // A string is read like one entry of SOLANA_RPC_URLS, `#rps=N` fragment included.
  const configs = options.endpoints.map((e) => (typeof e === 'string' ? parseRpcUrl(e) : e));
  if (configs.length === 0) throw new FleetError('RPC__NO_ENDPOINT');
  const clock = options.clock ?? systemClock;
  const random = options.random ?? systemRandom;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? Math.max(3, configs.length * 2);
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const labels = endpointLabels(configs);
  const endpoints = configs.map(
    (config, i) => new PacedEndpoint(config, labels[i] ?? config.url, clock.now(), random),
  );
  const lanes = new Map<EndpointState, SendLane>(
    endpoints.map((endpoint) => [
      endpoint,
      { budget: sendBudget(endpoint.config.sendRps, clock.now()), sends: 0 },
    ]),
  );
  const laneOf = (endpoint: EndpointState): SendLane => lanes.get(endpoint) as SendLane;
  const methods = new Map<string, number>();
  let calls = 0;
  let failedCalls = 0;

  const queue: Waiter[] = [];
  let cancelTimer: (() => void) | null = null;
  let timerAt = Infinity;

  // Hands free endpoints to waiting calls in arrival order; sleeps until the next budget token or
  // cool-down end when none is free. One timer for the whole pool, not one per waiting call.
  const pump = (): void => {
    const now = clock.now();
    let earliest = Infinity;
    for (let i = 0; i < queue.length;) {
      const waiter = queue[i] as Waiter;
      const fresh = endpoints.filter((e) => !waiter.avoid.has(e));
      const candidates =
        waiter.only !== null ? [waiter.only] : fresh.length > 0 ? fresh : endpoints;
      let best: EndpointState | null = null;
      let bestScore = Infinity;
      let wait = Infinity;
      for (const endpoint of candidates) {
        // A send waits for both buckets; a read never waits for the send bucket, so a batch of
        // sends held back by its budget does not hold back the reads that observe it.
        const ms = waiter.send
          ? Math.max(endpoint.waitMs(now), laneOf(endpoint).budget?.waitMs(now) ?? 0)
          : endpoint.waitMs(now);
        if (ms > 0) {
          wait = Math.min(wait, ms);
          continue;
        }
        const score = endpoint.score(now) * (0.9 + 0.2 * random());
        if (score < bestScore) {
          best = endpoint;
          bestScore = score;
        }
      }
      if (best !== null) {
        queue.splice(i, 1);
        if (waiter.send) {
          const lane = laneOf(best);
          lane.budget?.take(now);
          lane.sends++;
        }
        waiter.resolve({ endpoint: best, stamp: best.begin(now) });
        continue;
      }
      // Every endpoint left is down: say so now rather than wait out its park (a later call
      // probes it once the park ends). Budgets and 429 cool-downs, by contrast, are waited for.
      const hopeless = candidates.every((e) => e.parked);
      if (hopeless || now + wait > waiter.deadline) {
        queue.splice(i, 1);
        waiter.resolve(null);
        continue;
      }
      earliest = Math.min(earliest, now + wait);
      i++;
    }
    if (earliest < timerAt) {
      cancelTimer?.();
      timerAt = earliest;
      cancelTimer = clock.schedule(
        () => {
          cancelTimer = null;
          timerAt = Infinity;
          pump();
        },
        Math.max(1, earliest - now),
      );
    }
  };

  const acquire = (
    send: boolean,
    only: EndpointState | null,
    avoid: ReadonlySet<EndpointState>,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<Lease | null> =>
    new Promise<Lease | null>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = (): void => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(signal?.reason as Error);
      };
      const waiter: Waiter = {
        send,
        only,
        avoid,
        deadline,
        resolve: (lease) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(lease);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      pump();
    });

  const exhausted = (method: string, failures: ReadonlyMap<EndpointState, string>): FleetError => {
    const now = clock.now();
    const attempts = endpoints
      .map((e) => {
        const failure = failures.get(e);
        if (failure !== undefined) return `${e.label}: ${failure}`;
        const cooling = Math.max(0, Math.round(e.cooldownUntil - now));
        if (e.parked)
          return `${e.label}: down (${e.lastError ?? 'failing'}), next try in ${cooling} ms`;
        return `${e.label}: not tried${cooling > 0 ? ` (cooling down ${cooling} ms)` : ''}`;
      })
      .join('; ');
    return new FleetError('RPC__NO_ENDPOINT_ANSWERED', { method, attempts });
  };

  const send = async (
    payload: { readonly method: string; readonly params: unknown },
    signal: AbortSignal | undefined,
    only: EndpointState | null = null,
  ): Promise<unknown> => {
    const { method } = payload;
    calls++;
    methods.set(method, (methods.get(method) ?? 0) + 1);
    const deadline = clock.now() + maxWaitMs;
    const failures = new Map<EndpointState, string>();
    const failedHere = new Set<EndpointState>();
    let attempts = 0;
    while (attempts < maxAttempts) {
      const lease = await acquire(method === SEND_METHOD, only, failedHere, deadline, signal);
      if (lease === null) break;
      const { endpoint } = lease;
      const startedAt = clock.now();
      let outcome;
      try {
        outcome = await postJsonRpc(endpoint.config.url, payload, timeoutMs, signal, clock);
      } finally {
        endpoint.end(lease.stamp);
        pump();
      }
      const now = clock.now();
      if (outcome.kind === 'rate-limited') {
        // Not executed by the node, so safe to repeat even for a send; bounded by the deadline.
        endpoint.limited(outcome.retryAfterMs, now);
        failures.set(endpoint, 'HTTP 429');
        continue;
      }
      let reason: string;
      let timedOut = false;
      if (outcome.kind === 'failed') {
        reason = outcome.reason;
        timedOut = outcome.timedOut;
      } else {
        const verdict = checkAnswer(payload, outcome.body);
        if (verdict.kind === 'good' || verdict.kind === 'final-error') {
          endpoint.succeeded(now - startedAt, now);
          return outcome.body;
        }
        reason = verdict.reason;
      }
      endpoint.failed(reason, timedOut, now);
      failures.set(endpoint, reason);
      failedHere.add(endpoint);
      attempts++;
      // A pinned call has nowhere else to go; its caller decides whether to pin again.
      if (NOT_REPEATABLE.has(method) || only !== null) break;
    }
    failedCalls++;
    throw exhausted(method, failures);
  };

  const transportTo =
    (only: EndpointState | null): RpcTransport =>
    async <T>({
      payload,
      signal,
    }: Readonly<{ payload: unknown; signal?: AbortSignal }>): Promise<T> => {
      if (!isJsonRpcPayload(payload)) throw new FleetError('RPC__BATCH_UNSUPPORTED');
      return (await send(payload, signal, only)) as T;
    };
  const transport = transportTo(null);

  /** Up before down, then the lowest score (latency by load by failures), without jitter. */
  const healthiest = (): EndpointState => {
    const now = clock.now();
    let best = endpoints[0] as EndpointState;
    const rank = (e: EndpointState): number => (e.parked ? Infinity : e.score(now));
    for (const endpoint of endpoints) if (rank(endpoint) < rank(best)) best = endpoint;
    return best;
  };

  let nextId = 1;
  return {
    rpc: createSolanaRpcFromTransport(transport),
    transport,
    size: endpoints.length,
    async call(method, params, signal) {
      const payload = { jsonrpc: '2.0', id: nextId++, method, params };
      const body = await send(payload, signal);
      const envelope = body as { result?: unknown; error?: { code?: unknown; message?: unknown } };
      if (envelope.error !== undefined && envelope.error !== null) {
        throw new FleetError('RPC__CALL_REFUSED', {
          method,
          code: Number(envelope.error.code),
          rpcMessage: String(envelope.error.message),
          rpcCode: String(envelope.error.code),
        });
      }
      return envelope.result;
    },
    stats() {
      const now = clock.now();
      const details = endpoints.map((e) => e.snapshot(now));
      return {
        endpoints: labels,
        endpointHits: Object.fromEntries(details.map((d) => [d.label, d.hits])),
        endpointErrors: Object.fromEntries(details.map((d) => [d.label, d.errors])),
        endpoint429s: Object.fromEntries(details.map((d) => [d.label, d.rateLimited])),
        endpointSends: Object.fromEntries(endpoints.map((e) => [e.label, laneOf(e).sends])),
        rpcMethods: Object.fromEntries(methods),
        calls,
        failedCalls,
        details,
      };
    },
    waiting: () => queue.length,
    pinned() {
      const endpoint = healthiest();
      return { label: endpoint.label, rpc: createSolanaRpcFromTransport(transportTo(endpoint)) };
    },
    sendBudgetPerSecond() {
      let total = 0;
      for (const { config } of endpoints) {
        // A send spends from both buckets, so the smaller of the two rates is what it may use.
        const rate =
          config.sendRps === undefined
            ? config.rps
            : Math.min(config.sendRps, config.rps ?? Infinity);
        if (rate === undefined) return null;
        total += rate;
      }
      return total;
    },
  };
}
