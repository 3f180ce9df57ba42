import { describe, expect, it } from 'vitest';
import { masterFundsWarning, masterHoldingsText } from './master-funds-text';

const holdings = (lamports: string, tokens = 0) => ({
  public_address: 'Master1111111111111111111111111111111111111',
  lamports,
  tokens: Array.from({ length: tokens }, (_, index) => ({
    mint: `Mint${index}`,
    symbol: null,
    name: null,
    amount: '1',
    decimals: 0,
  })),
});

describe('the warning before the master wallet is replaced or cleared', () => {
  it('names the SOL and the tokens it holds, and says they do not move', () => {
    expect(masterFundsWarning(holdings('100000000000', 2), 'replace')).toBe(
      'The current master wallet holds 100 SOL and 2 tokens. Replacing it does not move these funds.',
    );
    expect(masterFundsWarning(holdings('1500000000'), 'clear')).toBe(
      'The current master wallet holds 1.5 SOL. Clearing it does not move these funds.',
    );
  });

  it('speaks of one token in the singular and leaves out SOL it does not hold', () => {
    expect(masterHoldingsText(holdings('0', 1))).toBe('1 token');
  });

  it('has no warning when the master holds nothing', () => {
    expect(masterFundsWarning(holdings('0'), 'replace')).toBeNull();
  });
});
