// The market's one coded error, built like core's FleetError: a stable `MARKET__*` code, typed
// facts, and the sentence from one table (spec 1 §8 and spec 3 §8 give the words). It lives here,
// not in core's table, because the server maps core's codes to HTTP statuses and none of these
// reaches a client as a status of its own: a provider failure becomes a dash with its reason.

/** Which provider account a call went to. */
export type ProviderId = 'jupiter' | 'dexscreener' | 'geckoterminal' | 'moralis' | 'pumpportal';

/** The providers Fleet calls over HTTP, each through its own rate budget. */
export type HttpProviderId = Exclude<ProviderId, 'pumpportal'>;

export interface MarketErrorContextByCode {
  /** The provider answered with an HTTP status other than 2xx (429s included once retries ran out). */
  readonly MARKET__HTTP_STATUS: {
    readonly provider: ProviderId;
    readonly status: number;
    /** The first characters of the body, printable only; never a key (keys ride in headers). */
    readonly body: string;
  };
  readonly MARKET__RATE_LIMITED: { readonly provider: ProviderId; readonly waitedMs: number };
  readonly MARKET__TIMEOUT: { readonly provider: ProviderId; readonly timeoutMs: number };
  readonly MARKET__NETWORK: { readonly provider: ProviderId; readonly reason: string };
  /** A 2xx answer that is not JSON: an HTML error page, a truncated body. */
  readonly MARKET__NOT_JSON: { readonly provider: ProviderId; readonly endpoint: string };
  /** JSON that does not have the fields we use, of the types we use. */
  readonly MARKET__BAD_SHAPE: {
    readonly provider: ProviderId;
    readonly endpoint: string;
    readonly issues: string;
  };
  /** Spec 3 §8: the pair endpoints answered an empty list. */
  readonly MARKET__NO_PAIRS: { readonly provider: ProviderId };
  /** A price that is not finite, not positive, or jumped beyond belief since the last one. */
  readonly MARKET__INVALID_PRICE: {
    readonly provider: ProviderId;
    readonly mint: string;
    readonly reason: string;
  };
  /** Spec 1 §8's wording for the SOL price. */
  readonly MARKET__INVALID_SOL_PRICE: { readonly provider: ProviderId; readonly reason: string };
  readonly MARKET__NOT_PRICED: { readonly provider: ProviderId; readonly mint: string };
  /** A provider that needs a key was called without one. */
  readonly MARKET__NOT_CONFIGURED: { readonly provider: ProviderId; readonly what: string };
  /** The swap provider refused or failed a swap step (spec 3 §8's words where it has them). */
  readonly MARKET__SWAP_FAILED: {
    readonly provider: ProviderId;
    readonly step: string;
    readonly reason: string;
  };
  readonly MARKET__FEED_CLOSED: Record<string, never>;
}

export type MarketErrorCode = keyof MarketErrorContextByCode;

const MESSAGES: {
  readonly [C in MarketErrorCode]: (context: MarketErrorContextByCode[C]) => string;
} = {
  MARKET__HTTP_STATUS: ({ provider, status }) =>
    `Request to ${provider} failed with status ${status}`,
  MARKET__RATE_LIMITED: ({ provider, waitedMs }) =>
    `${provider} is rate limiting; gave up after ${waitedMs} ms`,
  MARKET__TIMEOUT: ({ provider, timeoutMs }) => `${provider} did not answer within ${timeoutMs} ms`,
  MARKET__NETWORK: ({ provider, reason }) => `Could not reach ${provider}: ${reason}`,
  MARKET__NOT_JSON: ({ provider, endpoint }) =>
    `${provider} ${endpoint} answered something that is not JSON`,
  MARKET__BAD_SHAPE: ({ provider, endpoint, issues }) =>
    `${provider} ${endpoint} answered an unexpected shape: ${issues}`,
  MARKET__NO_PAIRS: () => 'response contained no pairs',
  MARKET__INVALID_PRICE: ({ provider, mint, reason }) =>
    `Invalid price for ${mint} from ${provider}: ${reason}`,
  MARKET__INVALID_SOL_PRICE: ({ provider }) => `Invalid SOL price from ${provider}`,
  MARKET__NOT_PRICED: ({ provider, mint }) => `${provider} has no price for ${mint}`,
  MARKET__NOT_CONFIGURED: ({ provider, what }) => `${provider} is not configured: ${what}`,
  MARKET__SWAP_FAILED: ({ provider, step, reason }) => `${provider} ${step} failed: ${reason}`,
  MARKET__FEED_CLOSED: () => 'The live feed is closed',
};

export class MarketError<C extends MarketErrorCode = MarketErrorCode> extends Error {
  override readonly name = 'MarketError';
  readonly code: C;
  readonly context: Readonly<MarketErrorContextByCode[C]>;

  constructor(
    code: C,
    context: MarketErrorContextByCode[C],
    options?: { readonly cause?: unknown },
  ) {
    const facts = Object.freeze({ ...context }) as MarketErrorContextByCode[C];
    // The table is indexed by the code, so its entry takes exactly this code's facts.
    const message = MESSAGES[code] as (facts: MarketErrorContextByCode[C]) => string;
    super(message(facts), options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.context = facts;
  }
}

export function isMarketError<C extends MarketErrorCode = MarketErrorCode>(
  value: unknown,
  code?: C,
): value is MarketError<C> {
  return value instanceof MarketError && (code === undefined || value.code === code);
}

/** The sentence to show for any failure a provider call ended with. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
