import { U64_MAX } from '../primitives/u64';

export type TokenAmountProblem = 'not-a-number' | 'too-many-decimals' | 'too-large';

/** A typed token amount read exactly at a mint's decimals, or why it cannot be one. */
export type ParsedTokenAmount =
  | { readonly ok: true; readonly raw: bigint }
  | { readonly ok: false; readonly reason: TokenAmountProblem; readonly message: string };

const UI_AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * `parseTokenAmount('1.5', 6)` is 1,500,000 raw units; with `unit: 'raw'` the text is the raw
 * integer itself. Digits with at most one decimal point and at most `decimals` of them; no sign,
 * exponent or grouping. String and bigint arithmetic only, so no float rounds the amount.
 */
export function parseTokenAmount(
  text: string,
  decimals: number,
  unit: 'ui' | 'raw' = 'ui',
): ParsedTokenAmount {
  const match = UI_AMOUNT.exec(text);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2];
  if (match === null || (whole === '' && (fraction ?? '') === '')) {
    return problem('not-a-number', 'Enter the amount as a number of tokens, like 1.5');
  }
  if (unit === 'raw' && fraction !== undefined) {
    return problem('too-many-decimals', 'A raw amount is a whole number of the smallest unit');
  }
  const digits = fraction ?? '';
  if (digits.length > decimals) {
    return problem(
      'too-many-decimals',
      `This token has ${decimals} decimal${decimals === 1 ? '' : 's'}: the amount has more`,
    );
  }
  const scale = unit === 'raw' ? 0 : decimals;
  const raw =
    BigInt(whole === '' ? '0' : whole) * 10n ** BigInt(scale) +
    BigInt(digits.padEnd(scale, '0') || '0');
  if (raw > U64_MAX)
    return problem('too-large', 'The amount is larger than any token balance can be');
  return { ok: true, raw };
}

function problem(reason: TokenAmountProblem, message: string): ParsedTokenAmount {
  return { ok: false, reason, message };
}
