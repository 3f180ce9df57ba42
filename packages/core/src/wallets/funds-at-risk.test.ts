import { describe, expect, it } from 'vitest';
import { fundsNeedConfirmation, fundsWarning, holdsFunds, summarizeFunds } from './funds-at-risk';

const empty = { lamports: '0', tokenAccountsWithBalance: 0 };

describe('funds at risk', () => {
  it('counts a wallet as funded when it holds any SOL or any token balance', () => {
    expect(holdsFunds(empty)).toBe(false);
    expect(holdsFunds({ lamports: '1', tokenAccountsWithBalance: 0 })).toBe(true);
    expect(holdsFunds({ lamports: '0', tokenAccountsWithBalance: 1 })).toBe(true);
    expect(holdsFunds({ lamports: null, tokenAccountsWithBalance: 0 })).toBe(false);
  });

  it('warns with the totals of the funded wallets, in the words operators read', () => {
    const summary = summarizeFunds([
      { lamports: '4000000000', tokenAccountsWithBalance: 2 },
      { lamports: '200000000', tokenAccountsWithBalance: 0 },
      { lamports: '0', tokenAccountsWithBalance: 3 },
      ...Array.from({ length: 7 }, () => empty),
    ]);
    expect(summary).toEqual({
      wallets: 10,
      funded: 3,
      unscanned: 0,
      lamports: '4200000000',
      tokenAccountsWithBalance: 5,
    });
    expect(fundsWarning(summary)).toBe(
      '3 of 10 wallets hold 4.2 SOL and 5 token accounts with a balance.',
    );
    expect(fundsNeedConfirmation(summary)).toBe(true);
  });

  it('speaks of one wallet in the singular and leaves out what is not held', () => {
    expect(fundsWarning(summarizeFunds([{ lamports: '1', tokenAccountsWithBalance: 0 }]))).toBe(
      '1 of 1 wallet holds 0.000000001 SOL.',
    );
    expect(
      fundsWarning(summarizeFunds([{ lamports: '0', tokenAccountsWithBalance: 1 }, empty])),
    ).toBe('1 of 2 wallets holds 1 token account with a balance.');
  });

  it('says so when wallets were never scanned, and asks for the count for them too', () => {
    const summary = summarizeFunds([{ lamports: null, tokenAccountsWithBalance: 0 }, empty]);
    expect(summary.unscanned).toBe(1);
    expect(fundsWarning(summary)).toBe('1 wallet has never been scanned and may hold funds.');
    expect(fundsNeedConfirmation(summary)).toBe(true);
  });

  it('has nothing to say about empty wallets', () => {
    const summary = summarizeFunds([empty, empty]);
    expect(fundsWarning(summary)).toBeNull();
    expect(fundsNeedConfirmation(summary)).toBe(false);
  });
});
