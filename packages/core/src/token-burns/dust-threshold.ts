import { exhaustiveSwitchError } from '../errors/fleet-error';
import type { BurnSkipReason, BurnThreshold } from '../api/burn-tokens';
import type { TokenAccountSnapshot } from '../token-closes/close-forecast';

/** The native mint: a wrapped-SOL account is unwrapped by closing it, never burned. */
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';

/** A token account as the burn plan reads it: the close's snapshot and its mint's decimals. */
export interface BurnCandidate extends TokenAccountSnapshot {
  readonly decimals: number;
}

/** A decimal as an integer and a power of ten: `digits / 10^scale` (`scale` may be negative). */
interface ExactDecimal {
  readonly digits: bigint;
  readonly scale: number;
}

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * The decimal a price's shortest text names (`String(0.1)` is "0.1", not the binary fraction
 * behind it): what the provider sent, so a balance worth exactly the threshold is not dust.
 */
function exactDecimalOf(text: string): ExactDecimal | null {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  return { digits: BigInt(whole + fraction), scale: fraction.length - Number(exponent) };
}

/** A USD price that may value a balance: finite and above 0 (a 0 is a provider's blank). */
export function usablePrice(priceUsd: number | undefined): priceUsd is number {
  return priceUsd !== undefined && Number.isFinite(priceUsd) && priceUsd > 0;
}

/**
 * Whether `amount` raw units at `priceUsd` a whole token are worth less than `belowUsd`, compared
 * exactly in integers: amount × price / 10^decimals < below. No float touches the decision, so
 * the same balance, price and threshold always give the same answer.
 */
export function isWorthLessThan(
  amount: bigint,
  decimals: number,
  priceUsd: number,
  belowUsd: string,
): boolean {
  const price = exactDecimalOf(String(priceUsd));
  const below = exactDecimalOf(belowUsd);
  if (price === null || below === null) throw new RangeError('Not a decimal amount');
  // amount × p / 10^(ps + decimals) < b / 10^bs  ⇔  amount × p × 10^bs < b × 10^(ps + decimals)
  let left = amount * price.digits;
  let right = below.digits;
  const exponent = price.scale + decimals - below.scale;
  if (exponent >= 0) right *= 10n ** BigInt(exponent);
  else left *= 10n ** BigInt(-exponent);
  return left < right;
}

/** A balance's USD value for display (the decision is `isWorthLessThan`'s). */
export function usdValueOf(amount: bigint, decimals: number, priceUsd: number): number {
  return (Number(amount) / 10 ** decimals) * priceUsd;
}

export interface DustRules {
  readonly threshold: BurnThreshold;
  /** USD a whole token, by mint; a mint absent (or priced at 0) is unpriced. */
  readonly prices: ReadonlyMap<string, number>;
  /** The unpriced mints the operator picked as dust. */
  readonly unpricedMints: ReadonlySet<string>;
}

/**
 * Why an account is not burned, or null when it is dust that can burn and close. What is not dust
 * is named first (not a token to burn, no balance, no price, worth too much); then what stops a
 * dust balance from burning and closing: a frozen account refuses the burn, and Token-2022 refuses
 * to close an account whose withheld transfer fees were not harvested (the transaction would fail
 * whole, after its fee).
 */
export function burnSkipReasonOf(account: BurnCandidate, rules: DustRules): BurnSkipReason | null {
  if (account.mint === WRAPPED_SOL_MINT) return 'wrapped SOL';
  if (account.amount === 0n) return 'empty';
  const price = rules.prices.get(account.mint);
  const priced = usablePrice(price);
  if (!priced && !rules.unpricedMints.has(account.mint)) return 'unpriced';
  const { threshold } = rules;
  switch (threshold.kind) {
    case 'usd':
      // A named unpriced mint counts whatever its balance: there is no value to compare.
      if (priced && !isWorthLessThan(account.amount, account.decimals, price, threshold.belowUsd))
        return 'above threshold';
      break;
    case 'raw':
      if (account.amount >= BigInt(threshold.belowRaw)) return 'above threshold';
      break;
    default:
      return exhaustiveSwitchError(threshold);
  }
  if (account.frozen) return 'frozen';
  if (account.withheldAmount > 0n) return 'withheld transfer fees';
  return null;
}

/** The USD value the plan shows for a balance, or 'unpriced'. */
export function burnValueOf(
  account: BurnCandidate,
  prices: ReadonlyMap<string, number>,
): number | 'unpriced' {
  const price = prices.get(account.mint);
  return usablePrice(price) ? usdValueOf(account.amount, account.decimals, price) : 'unpriced';
}
