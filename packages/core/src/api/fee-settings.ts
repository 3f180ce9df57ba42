import { z } from 'zod';
import { FleetError } from '../errors/fleet-error';
import { err, ok, type Result } from '../errors/result';
import { u64StringSchema } from '../primitives/u64';

/**
 * A tenant's cap on the priority fee (issue 17): the compute-unit limit comes from simulation, the
 * unit price is the server's setting, and each tenant may cap that price for its own operations.
 * `GET /api/settings/fees` answers the three prices; `PUT /api/settings/fees` sets or clears the
 * cap. Prices are micro-lamports per compute unit, as decimal strings on the wire.
 */

/** Spec 2 §9's unit price: 5,000 micro-lamports per compute unit. */
export const DEFAULT_MICRO_LAMPORTS_PER_UNIT = 5_000n;
/** The most any operation bids per compute unit, whatever the server or a tenant configures. */
export const MAX_MICRO_LAMPORTS_PER_UNIT = 1_000_000n;

const MAX_DIGITS = MAX_MICRO_LAMPORTS_PER_UNIT.toString().length;

export const feeSettingsSchema = z.object({
  /** The server's configured price, after the limit. */
  serverMicroLamportsPerUnit: u64StringSchema,
  /** The tenant's cap; null when it has none. */
  maxMicroLamportsPerUnit: u64StringSchema.nullable(),
  /** What the tenant's operations bid: the server's price, at most the cap. */
  effectiveMicroLamportsPerUnit: u64StringSchema,
  /** The highest cap (and price) accepted. */
  limit: u64StringSchema,
});
export type FeeSettings = z.infer<typeof feeSettingsSchema>;

/**
 * The body of `PUT /api/settings/fees`: the cap as a decimal string, or null to clear it. Only the
 * shape is checked here; the value is `checkUnitPriceCap`'s, so a bad cap gets its own code.
 */
export const updateFeeSettingsRequestSchema = z.object({
  maxMicroLamportsPerUnit: z
    .string({ message: 'Must be a decimal string, or null to remove the cap' })
    .nullable(),
});
export type UpdateFeeSettingsRequest = z.infer<typeof updateFeeSettingsRequestSchema>;

export type UnitPriceCapError = FleetError<'FEE_CAP__INVALID' | 'FEE_CAP__ABOVE_LIMIT'>;

/**
 * A cap as sent (or typed): digits only, 0 up to `MAX_MICRO_LAMPORTS_PER_UNIT`; null is no cap.
 * Leading zeros are read as the number they write. The digits are counted before any bigint is
 * made, so a megabyte of them costs no arithmetic.
 */
export function checkUnitPriceCap(text: string | null): Result<bigint | null, UnitPriceCapError> {
  if (text === null) return ok(null);
  if (!/^\d+$/.test(text)) return err(new FleetError('FEE_CAP__INVALID'));
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS || BigInt(digits) > MAX_MICRO_LAMPORTS_PER_UNIT) {
    return err(
      new FleetError('FEE_CAP__ABOVE_LIMIT', { limit: MAX_MICRO_LAMPORTS_PER_UNIT.toString() }),
    );
  }
  return ok(BigInt(digits));
}
