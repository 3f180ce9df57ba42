import type { FleetErrorCode } from './error-codes';
import type { FleetError } from './fleet-error';

/** Why one item of a batch failed: a code to branch on and the sentence to show. */
export interface ItemError {
  readonly code: FleetErrorCode;
  readonly message: string;
}

/**
 * The outcome of one item in a batch (an import line, a wallet in a bulk action or a scan).
 * Expected failures are values, so one bad item never throws away the others' outcomes.
 */
export type Result<T, E = ItemError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** The item error a thrown FleetError stands for. */
export function itemErrorOf(error: FleetError): ItemError {
  return { code: error.code, message: error.message };
}
