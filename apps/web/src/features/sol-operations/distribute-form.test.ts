import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOOKUP_TABLE_CHOICE,
  LOOKUP_TABLE_OPTIONS,
  splitConfirmationText,
  summariseDistribution,
} from './distribute-form';

const wallets = [
  { id: 'a', address: 'AddrA' },
  { id: 'b', address: 'AddrB' },
  { id: 'c', address: 'AddrC' },
];

describe('the distribution summary', () => {
  it('gives every wallet the one amount and totals it exactly', () => {
    const summary = summariseDistribution(wallets, {
      mode: 'same',
      sameAmount: '0.1',
      amounts: new Map(),
      lookupTable: 'auto',
    });
    expect(summary.recipients).toBe(3);
    expect(summary.totalLamports).toBe(300_000_000n);
    expect(summary.totalText).toBe('0.3 SOL');
    expect(summary.request.recipients[0]).toEqual({ walletId: 'a', amountSol: '0.1' });
    expect(summary.canReview).toBe(true);
    expect(summary.request.lookupTable).toBe('auto');
  });

  it('sends the "Transactions" choice with the plan request, Auto by default', () => {
    expect(DEFAULT_LOOKUP_TABLE_CHOICE).toBe('auto');
    expect(LOOKUP_TABLE_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ['auto', 'Auto (cheapest)'],
      ['always', 'Lookup table'],
      ['never', 'Legacy'],
    ]);
    const summary = summariseDistribution(wallets, {
      mode: 'same',
      sameAmount: '0.1',
      amounts: new Map(),
      lookupTable: 'never',
    });
    expect(summary.request).toEqual({
      recipients: wallets.map((wallet) => ({ walletId: wallet.id, amountSol: '0.1' })),
      lookupTable: 'never',
    });
  });

  it('skips wallets whose own amount is zero or empty', () => {
    const summary = summariseDistribution(wallets, {
      mode: 'each',
      sameAmount: '',
      amounts: new Map([
        ['a', '0'],
        ['b', '2'],
      ]),
      lookupTable: 'auto',
    });
    expect(summary.recipients).toBe(1);
    expect(summary.zeroAmount).toBe(2);
    expect(summary.request.recipients).toEqual([{ walletId: 'b', amountSol: '2' }]);
  });

  it('cannot be reviewed with a zero total or no recipients', () => {
    expect(
      summariseDistribution(wallets, {
        mode: 'same',
        sameAmount: '0',
        amounts: new Map(),
        lookupTable: 'auto',
      }).canReview,
    ).toBe(false);
    expect(
      summariseDistribution([], {
        mode: 'same',
        sameAmount: '1',
        amounts: new Map(),
        lookupTable: 'auto',
      }).canReview,
    ).toBe(false);
  });

  it('asks to confirm the split above 100 recipients', () => {
    const many = Array.from({ length: 101 }, (_, index) => ({ id: `${index}`, address: 'x' }));
    const same = {
      mode: 'same',
      sameAmount: '1',
      amounts: new Map(),
      lookupTable: 'auto',
    } as const;
    expect(summariseDistribution(many, same).needsSplitConfirmation).toBe(true);
    expect(summariseDistribution(many.slice(0, 100), same).needsSplitConfirmation).toBe(false);
    expect(splitConfirmationText(101)).toBe(
      '101 recipients are more than 100: the distribution is split into several transactions. Continue?',
    );
  });
});
