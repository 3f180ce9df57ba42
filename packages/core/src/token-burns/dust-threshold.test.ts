import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import {
  WRAPPED_SOL_MINT,
  burnSkipReasonOf,
  burnValueOf,
  isWorthLessThan,
  type BurnCandidate,
  type DustRules,
} from './dust-threshold';

function addressOf(kind: number, n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = kind;
  bytes[1] = n;
  return address(encodeBase58(bytes));
}

const owner = addressOf(1, 0);
const priced = addressOf(2, 1);
const unpriced = addressOf(2, 2);
let next = 0;

function account(patch: Partial<BurnCandidate> = {}): BurnCandidate {
  return {
    owner,
    tokenAccount: addressOf(3, next++),
    mint: priced,
    program: 'token',
    amount: 1_000_000n,
    decimals: 6,
    lamports: 2_039_280n,
    frozen: false,
    withheldAmount: 0n,
    ...patch,
  };
}

const usd = (belowUsd: string, unpricedMints: readonly string[] = []): DustRules => ({
  threshold: { kind: 'usd', belowUsd },
  prices: new Map([[priced, 0.1]]),
  unpricedMints: new Set(unpricedMints),
});
const raw = (belowRaw: string, unpricedMints: readonly string[] = []): DustRules => ({
  threshold: { kind: 'raw', belowRaw },
  prices: new Map([[priced, 0.1]]),
  unpricedMints: new Set(unpricedMints),
});

describe('A balance worth less than a USD threshold', () => {
  it('is decided exactly: a balance worth exactly the threshold is not below it', () => {
    // 1 token at $0.1 is worth $0.1, which a float sum (0.1 × 3 = 0.30000000000000004) would blur.
    expect(isWorthLessThan(1_000_000n, 6, 0.1, '0.1')).toBe(false);
    expect(isWorthLessThan(999_999n, 6, 0.1, '0.1')).toBe(true);
    expect(isWorthLessThan(3_000_000n, 6, 0.1, '0.3')).toBe(false);
    expect(isWorthLessThan(3_000_000n, 6, 0.1, '0.300000000001')).toBe(true);
  });

  it('reads prices written with an exponent, tiny or huge, and any number of decimals', () => {
    // 1e-7 USD a token, 10^9 tokens of 9 decimals: worth $100.
    expect(isWorthLessThan(10n ** 18n, 9, 1e-7, '100')).toBe(false);
    expect(isWorthLessThan(10n ** 18n - 1n, 9, 1e-7, '100')).toBe(true);
    expect(isWorthLessThan(1n, 0, 2.5e21, '2500000000000000000000.000000000001')).toBe(true);
    expect(isWorthLessThan(1n, 0, 2.5e21, '2500000000000000000000')).toBe(false);
    expect(isWorthLessThan(5n, 0, 1, '5.5')).toBe(true);
    expect(isWorthLessThan(12_345n, 2, 1, '123.45')).toBe(false);
  });

  it('calls nothing worth less than a threshold of 0', () => {
    expect(isWorthLessThan(0n, 6, 0.1, '0')).toBe(false);
    expect(isWorthLessThan(1n, 6, 1e-12, '0')).toBe(false);
  });
});

describe('Why a token account is not burned', () => {
  it('burns a priced balance below the USD threshold, and keeps one at or above it', () => {
    expect(burnSkipReasonOf(account({ amount: 999_999n }), usd('0.1'))).toBeNull();
    expect(burnSkipReasonOf(account({ amount: 1_000_000n }), usd('0.1'))).toBe('above threshold');
  });

  it('never burns an unpriced balance unless its mint is named, whatever the threshold', () => {
    const tiny = account({ mint: unpriced, amount: 1n });
    expect(burnSkipReasonOf(tiny, usd('1000'))).toBe('unpriced');
    expect(burnSkipReasonOf(tiny, raw('1000'))).toBe('unpriced');
    // Named: in USD mode every balance of it counts, in raw mode those below the raw threshold.
    const large = account({ mint: unpriced, amount: 10n ** 15n });
    expect(burnSkipReasonOf(large, usd('0.01', [unpriced]))).toBeNull();
    expect(burnSkipReasonOf(tiny, raw('1000', [unpriced]))).toBeNull();
    expect(burnSkipReasonOf(large, raw('1000', [unpriced]))).toBe('above threshold');
  });

  it('treats a price of 0 or not a number as no price at all', () => {
    const rules = (price: number): DustRules => ({
      threshold: { kind: 'usd', belowUsd: '1' },
      prices: new Map([[priced, price]]),
      unpricedMints: new Set(),
    });
    expect(burnSkipReasonOf(account(), rules(0))).toBe('unpriced');
    expect(burnSkipReasonOf(account(), rules(Number.NaN))).toBe('unpriced');
    expect(burnSkipReasonOf(account(), rules(Number.POSITIVE_INFINITY))).toBe('unpriced');
  });

  it('compares raw units whatever the decimals, for priced mints too', () => {
    expect(burnSkipReasonOf(account({ amount: 999n, decimals: 0 }), raw('1000'))).toBeNull();
    expect(burnSkipReasonOf(account({ amount: 1000n, decimals: 9 }), raw('1000'))).toBe(
      'above threshold',
    );
  });

  it('names wrapped SOL and empty accounts first, then what stops dust from burning', () => {
    expect(
      burnSkipReasonOf(account({ mint: address(WRAPPED_SOL_MINT), amount: 1n }), usd('1')),
    ).toBe('wrapped SOL');
    expect(burnSkipReasonOf(account({ amount: 0n }), usd('1'))).toBe('empty');
    expect(burnSkipReasonOf(account({ amount: 1n, frozen: true }), usd('1'))).toBe('frozen');
    // A frozen balance that is not dust is kept for its value, not for the freeze.
    expect(burnSkipReasonOf(account({ frozen: true }), usd('0.01'))).toBe('above threshold');
    expect(
      burnSkipReasonOf(account({ amount: 1n, program: 'token2022', withheldAmount: 3n }), usd('1')),
    ).toBe('withheld transfer fees');
  });

  it('values a balance at its price for display, or says it is unpriced', () => {
    const prices = new Map<string, number>([[priced, 0.1]]);
    expect(burnValueOf(account({ amount: 2_500_000n }), prices)).toBeCloseTo(0.25, 12);
    expect(burnValueOf(account({ mint: unpriced }), prices)).toBe('unpriced');
  });
});
