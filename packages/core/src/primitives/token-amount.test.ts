import { describe, expect, it } from 'vitest';
import { assertIsTokenAmount, isTokenAmount, tokenAmount, tokenAmountSchema } from './token-amount';

describe('TokenAmount', () => {
  it('is a raw u64 and decimals from 0 to 255', () => {
    expect(isTokenAmount({ raw: 1_500_000n, decimals: 6 })).toBe(true);
    expect(isTokenAmount({ raw: 18_446_744_073_709_551_615n, decimals: 255 })).toBe(true);
    expect(isTokenAmount({ raw: -1n, decimals: 6 })).toBe(false);
    expect(isTokenAmount({ raw: 18_446_744_073_709_551_616n, decimals: 6 })).toBe(false);
    expect(isTokenAmount({ raw: 1n, decimals: 256 })).toBe(false);
    expect(isTokenAmount({ raw: 1n, decimals: 1.5 })).toBe(false);
    expect(isTokenAmount({ raw: 1, decimals: 6 })).toBe(false);
  });

  it('is built frozen, and refused with the reason', () => {
    const amount = tokenAmount(5n, 2);
    expect(amount).toEqual({ raw: 5n, decimals: 2 });
    expect(Object.isFrozen(amount)).toBe(true);
    expect(() => tokenAmount(1n, -1)).toThrow(
      'Not a token amount: Token decimals must be from 0 to 255',
    );
    expect(() => assertIsTokenAmount({ raw: -5n, decimals: 0 })).toThrow(
      'A raw token amount cannot be negative',
    );
  });

  it('has a schema', () => {
    expect(tokenAmountSchema.parse({ raw: 3n, decimals: 0 })).toEqual({ raw: 3n, decimals: 0 });
  });
});
