// What can go wrong on one endpoint, as real providers fail: slow answers, rate limits (HTTP 429
// with Retry-After), random 500/503s or JSON-RPC errors, a full outage, sends that are
// acknowledged but never land, and sends that land but whose acknowledgement is lost.

export type ErrorKind = 'http-500' | 'http-503' | 'json-rpc';

/** How a lost acknowledgement reaches the client: an error answer, or no answer at all. */
export type LostAckKind = ErrorKind | 'reset';

export interface FaultProfile {
  /** Fixed delay added to every answer, in milliseconds. */
  readonly latencyMs?: number;
  /** Extra random delay, uniform in [0, jitterMs). */
  readonly jitterMs?: number;
  /** Requests per second (each batch item counts); above it, HTTP 429. */
  readonly rps?: number;
  /** Per-method requests per second, e.g. `{ getProgramAccounts: 2 }`. */
  readonly methodRps?: Readonly<Record<string, number>>;
  /** Probability in [0, 1] that a request fails with `errorKind`. */
  readonly errorRate?: number;
  readonly errorKind?: ErrorKind;
  /**
   * An outage: `true` or `'reset'` resets every connection without an answer; `'hang'` accepts
   * requests and never answers them (the outage clients only notice through their timeouts).
   */
  readonly outage?: boolean | 'reset' | 'hang';
  /** Probability in [0, 1] that an accepted sendTransaction never lands. */
  readonly dropSendRate?: number;
  /**
   * Probability in [0, 1] that an accepted sendTransaction lands but the client never learns it:
   * the signature is replaced by a `lostAckKind` failure, as when a provider times out after
   * handing the transaction to the leader. A client that sends again as a new transaction pays
   * twice; one that asks for the signature's status finds it landed.
   */
  readonly lostAckRate?: number;
  /** What the client gets instead of the signature; default `http-503`. */
  readonly lostAckKind?: LostAckKind;
  /**
   * Slots this endpoint lags behind the chain: it reports (and checks `minContextSlot` against)
   * an older slot and hands out that slot's blockhash; getHealth fails past 128. Account state is
   * still the chain's current state.
   */
  readonly lagSlots?: number;
  /** When false, JSON-RPC batches are refused, as several providers do. */
  readonly allowBatch?: boolean;
  /** Seed of the endpoint's random choices, for reproducible tests. */
  readonly seed?: number;
}

export class FaultProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultProfileError';
  }
}

function checkNonNegative(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    throw new FaultProfileError(`${name} must be a non-negative number, got ${value}`);
  }
}

function checkProbability(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isFinite(value) || value < 0 || value > 1)) {
    throw new FaultProfileError(`${name} must be between 0 and 1, got ${value}`);
  }
}

/** Validates a profile at the edge (options and admin.setProfile), returning a frozen copy. */
export function validateFaultProfile(profile: FaultProfile): Readonly<FaultProfile> {
  checkNonNegative('latencyMs', profile.latencyMs);
  checkNonNegative('jitterMs', profile.jitterMs);
  if (profile.rps !== undefined && (!Number.isFinite(profile.rps) || profile.rps <= 0)) {
    throw new FaultProfileError(`rps must be a positive number, got ${profile.rps}`);
  }
  for (const [method, rps] of Object.entries(profile.methodRps ?? {})) {
    if (!Number.isFinite(rps) || rps <= 0)
      throw new FaultProfileError(`methodRps.${method} must be positive, got ${rps}`);
  }
  checkProbability('errorRate', profile.errorRate);
  if (
    profile.lagSlots !== undefined &&
    !(Number.isInteger(profile.lagSlots) && profile.lagSlots >= 0)
  ) {
    throw new FaultProfileError(`lagSlots must be a non-negative integer, got ${profile.lagSlots}`);
  }
  if (profile.outage !== undefined && ![true, false, 'reset', 'hang'].includes(profile.outage)) {
    throw new FaultProfileError(
      `outage must be true, false, 'reset' or 'hang', got ${String(profile.outage)}`,
    );
  }
  checkProbability('dropSendRate', profile.dropSendRate);
  checkProbability('lostAckRate', profile.lostAckRate);
  if (
    profile.lostAckKind !== undefined &&
    !['http-500', 'http-503', 'json-rpc', 'reset'].includes(profile.lostAckKind)
  ) {
    throw new FaultProfileError(
      `lostAckKind must be http-500, http-503, json-rpc or reset, got ${String(profile.lostAckKind)}`,
    );
  }
  if (
    profile.errorKind !== undefined &&
    !['http-500', 'http-503', 'json-rpc'].includes(profile.errorKind)
  ) {
    throw new FaultProfileError(
      `errorKind must be http-500, http-503 or json-rpc, got ${String(profile.errorKind)}`,
    );
  }
  return Object.freeze({ ...profile, methodRps: Object.freeze({ ...(profile.methodRps ?? {}) }) });
}
