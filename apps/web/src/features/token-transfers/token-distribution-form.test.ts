import { describe, expect, it } from 'vitest';
import {
  amountFieldRaw,
  filterTokenAmountInput,
  heldDecimals,
  heldTokens,
  summariseTokenDistribution,
  type TokenDistributeDraft,
} from './token-distribution-form';

const MINT = 'So11111111111111111111111111111111111111112';
const targets = [
  { id: 'a', address: 'AddrA' },
  { id: 'b', address: 'AddrB' },
  { id: 'c', address: 'AddrC' },
];
const draft = (overrides: Partial<TokenDistributeDraft> = {}): TokenDistributeDraft => ({
  mint: MINT,
  decimals: 6,
  mode: 'same',
  sameAmount: '',
  amounts: new Map(),
  ...overrides,
});

describe('the token amount field', () => {
  it('keeps digits and one point, strips leading zeros and cuts at the mint’s decimals', () => {
    expect(filterTokenAmountInput('00-1.2345678', 6)).toBe('1.234567');
    expect(filterTokenAmountInput('1.5.5', 0)).toBe('1.');
    // A pasted mint the master does not hold: its decimals are not known yet.
    expect(filterTokenAmountInput('0.000000000001', null)).toBe('0.000000000001');
  });

  it('reads an amount in raw units exactly, with bigint arithmetic', () => {
    expect(amountFieldRaw('1.5', 6)).toBe(1_500_000n);
    // Beyond a double's 15 digits, still exact.
    expect(amountFieldRaw('18446744073.709551615', 9)).toBe(18_446_744_073_709_551_615n);
    expect(amountFieldRaw('', 6)).toBe(0n);
    expect(amountFieldRaw('1.1234567', 6)).toBe(0n);
  });
});

describe('the SPL distribution form', () => {
  it('gives every wallet the one amount, totalled exactly in raw units', () => {
    const summary = summariseTokenDistribution(targets, draft({ sameAmount: '0.1' }));
    expect(summary.request).toEqual({
      mint: MINT,
      unit: 'ui',
      amountEach: '0.1',
      recipients: [{ walletId: 'a' }, { walletId: 'b' }, { walletId: 'c' }],
    });
    // 0.1 + 0.1 + 0.1 in floats is 0.30000000000000004: here it is 300,000 raw.
    expect(summary.totalRaw).toBe(300_000n);
    expect(summary.totalText).toBe('0.3 tokens');
    expect(summary.canReview).toBe(true);
  });

  it('skips recipients whose own amount is 0 or empty', () => {
    const summary = summariseTokenDistribution(
      targets,
      draft({
        mode: 'each',
        amounts: new Map([
          ['a', '0'],
          ['b', '2.25'],
        ]),
      }),
    );
    expect(summary.recipients).toBe(1);
    expect(summary.zeroAmount).toBe(2);
    expect(summary.request?.recipients).toEqual([{ walletId: 'b', amount: '2.25' }]);
    expect(summary.totalRaw).toBe(2_250_000n);
  });

  it('totals a pasted mint’s amounts at the most decimals typed, its raw total unknown', () => {
    const summary = summariseTokenDistribution(
      targets,
      draft({
        decimals: null,
        mode: 'each',
        amounts: new Map([
          ['a', '1.05'],
          ['b', '2.1'],
        ]),
      }),
    );
    expect(summary.totalRaw).toBeNull();
    expect(summary.totalText).toBe('3.15 tokens');
    expect(summary.canReview).toBe(true);
  });

  it('cannot be reviewed without a mint, with a total of 0 or without recipients', () => {
    const none = summariseTokenDistribution(targets, draft({ mint: '', sameAmount: '1' }));
    expect(none.mintProblem).toBe('Choose a token');
    expect(none.canReview).toBe(false);
    const bad = summariseTokenDistribution(targets, draft({ mint: 'not-a-mint', sameAmount: '1' }));
    expect(bad.mintProblem).toBe('This is not a mint address');
    expect(bad.request).toBeNull();
    expect(summariseTokenDistribution(targets, draft({ sameAmount: '0.000' })).canReview).toBe(
      false,
    );
    expect(summariseTokenDistribution([], draft({ sameAmount: '1' })).canReview).toBe(false);
  });

  it('asks to confirm the split above 100 recipients', () => {
    const many = Array.from({ length: 101 }, (_, index) => ({ id: `${index}`, address: 'x' }));
    expect(
      summariseTokenDistribution(many, draft({ sameAmount: '1' })).needsSplitConfirmation,
    ).toBe(true);
    expect(
      summariseTokenDistribution(many.slice(0, 100), draft({ sameAmount: '1' }))
        .needsSplitConfirmation,
    ).toBe(false);
  });
});

describe('the master’s tokens in the picker', () => {
  it('names each by symbol with the amount held, and knows its decimals', () => {
    const tokens = heldTokens({
      public_address: 'Master',
      lamports: '0',
      tokens: [
        { mint: MINT, symbol: 'USDC', name: 'USD Coin', amount: '1234500000', decimals: 6 },
        { mint: 'Other', symbol: null, name: null, amount: '7', decimals: 0 },
      ],
    });
    expect(tokens.map((token) => token.label)).toEqual(['USDC · 1,234.5 held', 'Other · 7 held']);
    expect(heldDecimals(tokens, ` ${MINT} `)).toBe(6);
    expect(heldDecimals(tokens, 'Unknown')).toBeNull();
    expect(heldTokens(undefined)).toEqual([]);
  });
});
