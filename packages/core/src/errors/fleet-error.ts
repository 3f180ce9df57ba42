import type { FleetErrorCode, FleetErrorContextByCode } from './error-codes';
import { FLEET_ERROR_MESSAGES, fleetErrorMessage } from './error-messages';

export * from './error-codes';
export * from './error-messages';

/**
 * The context argument: optional when the code needs none, so `new FleetError('TAG__NAME_TAKEN')`
 * reads as the sentence it stands for, and required (and checked) when the message is built from it.
 */
type ContextArgs<C extends FleetErrorCode> =
  Record<string, never> extends FleetErrorContextByCode[C]
    ? [context?: FleetErrorContextByCode[C], options?: FleetErrorOptions]
    : [context: FleetErrorContextByCode[C], options?: FleetErrorOptions];

export interface FleetErrorOptions {
  readonly cause?: unknown;
}

/**
 * One coded error type for the whole product. The code is stable (clients and tests match on it);
 * the message comes from core's one table, built from the typed context; the HTTP status is the
 * server's business (`apps/server/src/http/error-status.ts`).
 */
export class FleetError<C extends FleetErrorCode = FleetErrorCode> extends Error {
  override readonly name = 'FleetError';
  readonly code: C;
  readonly context: Readonly<FleetErrorContextByCode[C]>;

  constructor(code: C, ...[context, options]: ContextArgs<C>) {
    const facts = Object.freeze({ ...context }) as FleetErrorContextByCode[C];
    super(
      fleetErrorMessage(code, facts),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.context = facts;
  }
}

export function isFleetError<C extends FleetErrorCode = FleetErrorCode>(
  value: unknown,
  code?: C,
): value is FleetError<C> {
  return value instanceof FleetError && (code === undefined || value.code === code);
}

export function isFleetErrorCode(value: unknown): value is FleetErrorCode {
  return typeof value === 'string' && Object.hasOwn(FLEET_ERROR_MESSAGES, value);
}

/** Every code, in the table's order (for the wire schema and exhaustive tests). */
export const FLEET_ERROR_CODES = Object.freeze(
  Object.keys(FLEET_ERROR_MESSAGES) as FleetErrorCode[],
);

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
  throw new FleetError('INTERNAL__UNHANDLED_CASE', { value: JSON.stringify(value) });
}
