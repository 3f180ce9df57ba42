import { U64_MAX } from '../primitives/u64';
import { lamports as toLamports, type Lamports } from '../primitives/lamports';
import { LAMPORTS_PER_SOL, SOL_DECIMALS } from './lamports';

export type SolAmountProblem = 'empty' | 'not-a-number' | 'too-many-decimals' | 'too-large';

/**
 * What a person typed as an amount of SOL, read exactly: lamports, or the reason it cannot be
 * one with a sentence to show beside the field. An expected outcome of typing, so a result and
 * not a thrown error.
 */
export type ParsedSolAmount =
  | { readonly ok: true; readonly lamports: Lamports }
  | { readonly ok: false; readonly reason: SolAmountProblem; readonly message: string };

const SOL_AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * `parseSolAmount(' 1.5 ')` is 1,500,000,000 lamports. Digits with at most one decimal point and
 * at most 9 decimals (a lamport is the smallest unit); `.5` and `5.` are read as a person means
 * them. No sign, exponent, grouping commas or spaces inside. The text becomes lamports by string
 * and bigint arithmetic, so no float ever rounds the amount.
 */
export function parseSolAmount(text: string): ParsedSolAmount {
  const trimmed = text.trim();
  if (trimmed === '') return problem('empty', 'Enter an amount of SOL');
  const match = SOL_AMOUNT.exec(trimmed);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (match === null || (whole === '' && fraction === '')) {
    return problem('not-a-number', 'Enter the amount as a number of SOL, like 1.5');
  }
  if (fraction.length > SOL_DECIMALS) {
    return problem('too-many-decimals', 'SOL has at most 9 decimals (1 lamport is 0.000000001)');
  }
  const total =
    BigInt(whole === '' ? '0' : whole) * LAMPORTS_PER_SOL +
    BigInt(fraction.padEnd(SOL_DECIMALS, '0'));
  if (total > U64_MAX) {
    return problem('too-large', 'The amount is larger than any SOL balance can be');
  }
  return { ok: true, lamports: toLamports(total) };
}

function problem(reason: SolAmountProblem, message: string): ParsedSolAmount {
  return { ok: false, reason, message };
}
