/**
 * Amounts as the floating-point figures a valuation reports (spec 2 §3: `totalSol`, `valueUsd`,
 * …). Only for multiplying by a price and showing the product: an estimate, never an amount
 * that is paid, stored or compared. The integer division happens first, so a balance up to
 * 2^53 whole units converts without losing its whole part.
 */
import { LAMPORTS_PER_SOL, SOL_DECIMALS } from './lamports';

/** Raw token units as whole tokens, approximately (`decimals` 0–255). */
export function rawAmountAsNumber(raw: bigint, decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError('decimals must be a whole number from 0 to 255');
  }
  const unit = 10n ** BigInt(decimals);
  return Number(raw / unit) + Number(raw % unit) / 10 ** decimals;
}

/** A raw balance's USD value at `priceUsd` a whole token, approximately (for showing). */
export function usdValueOfRaw(raw: bigint, decimals: number, priceUsd: number): number {
  return rawAmountAsNumber(raw, decimals) * priceUsd;
}

/** Lamports as SOL, approximately. */
export function lamportsAsSolNumber(lamports: bigint): number {
  return (
    Number(lamports / LAMPORTS_PER_SOL) + Number(lamports % LAMPORTS_PER_SOL) / 10 ** SOL_DECIMALS
  );
}
