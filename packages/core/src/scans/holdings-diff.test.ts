import { describe, expect, it } from 'vitest';
import { diffHoldings, holdingsMatch } from './holdings-diff';

const stored = {
  lamports: 5_000_000_000n,
  accounts: new Map([
    ['A', 10n],
    ['B', 0n],
    ['C', 18_446_744_073_709_551_615n],
  ]),
};

describe('diffHoldings', () => {
  it('finds nothing when the chain says what is stored', () => {
    const diff = diffHoldings(stored, {
      lamports: 5_000_000_000n,
      tokens: [
        { account: 'A', amount: 10n },
        { account: 'B', amount: 0n },
        { account: 'C', amount: 18_446_744_073_709_551_615n },
      ],
    });
    expect(diff).toEqual({
      lamportsChanged: false,
      missingAccounts: 0,
      goneAccounts: 0,
      differentAmounts: 0,
    });
    expect(holdingsMatch(diff)).toBe(true);
  });

  it('counts, on a cold read, new accounts, changed amounts and stored accounts not found', () => {
    const diff = diffHoldings(stored, {
      lamports: 4_999_999_999n,
      tokens: [
        { account: 'A', amount: 11n },
        { account: 'D', amount: 1n },
        { account: 'E', amount: 0n },
      ],
    });
    expect(diff).toEqual({
      lamportsChanged: true,
      missingAccounts: 2,
      goneAccounts: 2,
      differentAmounts: 1,
    });
    expect(holdingsMatch(diff)).toBe(false);
  });

  it('takes the gone accounts a re-scan names instead of those it did not read', () => {
    const diff = diffHoldings(stored, {
      lamports: 5_000_000_000n,
      tokens: [{ account: 'A', amount: 10n }],
      droppedAccounts: ['B', 'Z'],
    });
    expect(diff).toEqual({
      lamportsChanged: false,
      missingAccounts: 0,
      goneAccounts: 1,
      differentAmounts: 0,
    });
  });

  it('counts a wallet never scanned as changed', () => {
    const diff = diffHoldings(
      { lamports: null, accounts: new Map() },
      { lamports: 0n, tokens: [] },
    );
    expect(diff.lamportsChanged).toBe(true);
    expect(holdingsMatch(diff)).toBe(false);
  });
});
