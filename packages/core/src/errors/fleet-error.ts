/**
 * One coded error type for the whole product. A code is stable (clients and tests match on it);
 * the message is for people; the HTTP status is derived from the code so that a route can never
 * answer "not found" with a 500.
 */
export const FLEET_ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TENANT_REQUIRED: 400,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type FleetErrorCode = keyof typeof FLEET_ERROR_STATUS;

/** Structured, non-secret facts about an error (which field, which address, how many). */
export type FleetErrorContext = Readonly<Record<string, string | number | boolean | null>>;

export interface FleetErrorOptions {
  readonly context?: FleetErrorContext;
  readonly cause?: unknown;
}

export class FleetError extends Error {
  override readonly name = 'FleetError';
  readonly code: FleetErrorCode;
  readonly context: FleetErrorContext;

  constructor(code: FleetErrorCode, message: string, options: FleetErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.context = Object.freeze({ ...options.context });
  }

  get status(): number {
    return FLEET_ERROR_STATUS[this.code];
  }
}

export function isFleetError(value: unknown, code?: FleetErrorCode): value is FleetError {
  return value instanceof FleetError && (code === undefined || value.code === code);
}

export function isFleetErrorCode(value: unknown): value is FleetErrorCode {
  return typeof value === 'string' && Object.hasOwn(FLEET_ERROR_STATUS, value);
}

/** The JSON body every failed API call returns. */
export interface ErrorBody {
  readonly error: string;
  readonly code: FleetErrorCode;
}

export function toErrorBody(error: FleetError): ErrorBody {
  return { error: error.message, code: error.code };
}

/** Call at the end of a switch over a union: the compiler proves it unreachable. */
export function exhaustiveSwitchError(value: never): never {
  throw new FleetError('INTERNAL', `Unhandled case: ${JSON.stringify(value)}`);
}
