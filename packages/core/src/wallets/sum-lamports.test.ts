import { describe, expect, it } from 'vitest';
import { sumLamports } from './sum-lamports';

const bigSum = (amounts: readonly (string | null)[]) =>
  amounts.reduce((sum, amount) => sum + (amount === null ? 0n : BigInt(amount)), 0n);

describe('summing lamports', () => {
  it('adds decimal strings exactly and skips unscanned wallets', () => {
    expect(sumLamports(['1', null, '2500000000', '0'])).toBe(2_500_000_001n);
    expect(sumLamports([])).toBe(0n);
  });

  it('stays exact where doubles would round: sums crossing 2^53 and amounts past it', () => {
    const nearLimit = '999999999999999'; // 15 digits, the longest summed as a double
    const amounts = [
      ...Array.from({ length: 20_000 }, () => nearLimit),
      '1',
      '9007199254740993',
      '18446744073709551615',
      '3',
    ];
    expect(sumLamports(amounts)).toBe(bigSum(amounts));
    expect(sumLamports(['9007199254740991', '1', '1'])).toBe(9_007_199_254_740_993n);
  });

  it('agrees with bigint addition on random u64 amounts of every length', () => {
    for (let trial = 0; trial < 50; trial += 1) {
      const amounts = Array.from({ length: 200 }, () => {
        const digits = 1 + Math.floor(Math.random() * 20);
        const text = Array.from({ length: digits }, () => Math.floor(Math.random() * 10)).join('');
        const value = BigInt(text) % 18446744073709551616n;
        return Math.random() < 0.05 ? null : value.toString();
      });
      expect(sumLamports(amounts)).toBe(bigSum(amounts));
    }
  });
});
