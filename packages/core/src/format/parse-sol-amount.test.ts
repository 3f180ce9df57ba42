import { describe, expect, it } from 'vitest';
import { U64_MAX } from '../primitives/u64';
import { formatLamportsAsSol, formatSolExact } from './lamports';
import { parseSolAmount } from './parse-sol-amount';

const lamportsOf = (text: string) => {
  const parsed = parseSolAmount(text);
  if (!parsed.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${parsed.message}`);
  return parsed.lamports;
};
const reasonOf = (text: string) => {
  const parsed = parseSolAmount(text);
  return parsed.ok ? undefined : parsed.reason;
};

describe('a SOL amount typed by a person', () => {
  it('is read into lamports exactly', () => {
    expect(lamportsOf('1')).toBe(1_000_000_000n);
    expect(lamportsOf('1.5')).toBe(1_500_000_000n);
    expect(lamportsOf('0.000000001')).toBe(1n);
    expect(lamportsOf('0')).toBe(0n);
    expect(lamportsOf('.5')).toBe(500_000_000n);
    expect(lamportsOf('5.')).toBe(5_000_000_000n);
    expect(lamportsOf('007.25')).toBe(7_250_000_000n);
  });

  it('ignores spaces around it', () => {
    expect(lamportsOf('  2.5 \n')).toBe(2_500_000_000n);
    expect(lamportsOf('\t3')).toBe(3_000_000_000n);
  });

  it('keeps digits a float would lose', () => {
    // 0.1 + 0.2 style: as a double, 0.3 SOL * 1e9 is 299999999.99999994.
    expect(lamportsOf('0.3')).toBe(300_000_000n);
    expect(lamportsOf('9007199.254740993')).toBe(9_007_199_254_740_993n);
    expect(lamportsOf('18446744073.709551615')).toBe(18_446_744_073_709_551_615n);
  });

  it('round-trips with the exact formatter', () => {
    for (const text of ['0.000000001', '4.2', '100', '123456.789']) {
      expect(formatSolExact(lamportsOf(text)).replaceAll(',', '')).toBe(text);
    }
  });

  it('formats and reads back every amount exactly across the u64 range, where doubles cannot', () => {
    // A fixed-seed generator over all 64 bits: most draws are far above 2^53, where any float
    // step in the formatter or the parser would change the last digits.
    let state = 0x9e3779b97f4a7c15n;
    const next = () => {
      state = (state * 6364136223846793005n + 1442695040888963407n) & U64_MAX;
      return state;
    };
    const samples = [0n, 1n, 2n ** 53n + 1n, U64_MAX, ...Array.from({ length: 2_000 }, next)];
    for (const lamports of samples) {
      const shown = formatLamportsAsSol(lamports, 9).replaceAll(',', '');
      expect(lamportsOf(shown)).toBe(lamports);
      expect(lamportsOf(formatSolExact(lamports).replaceAll(',', ''))).toBe(lamports);
    }
  });

  it('refuses what is not an amount, saying why', () => {
    expect(parseSolAmount('')).toEqual({
      ok: false,
      reason: 'empty',
      message: 'Enter an amount of SOL',
    });
    expect(reasonOf('   ')).toBe('empty');
    for (const text of ['.', 'abc', '1.2.3', '-1', '+1', '1e9', '1,000', '1 000', '0x10', 'NaN']) {
      expect(reasonOf(text)).toBe('not-a-number');
    }
    expect(reasonOf('Infinity')).toBe('not-a-number');
  });

  it('refuses more than 9 decimals and more than a u64 of lamports', () => {
    expect(reasonOf('0.0000000001')).toBe('too-many-decimals');
    expect(reasonOf('1.1234567890')).toBe('too-many-decimals');
    expect(reasonOf('18446744073.709551616')).toBe('too-large');
    expect(reasonOf('99999999999999999999')).toBe('too-large');
    const refused = parseSolAmount('0.0000000001');
    expect(refused.ok ? '' : refused.message).toMatch(/at most 9 decimals/);
  });
});
