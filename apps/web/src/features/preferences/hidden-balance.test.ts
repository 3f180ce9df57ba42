import { describe, expect, it } from 'vitest';
import { HIDDEN_BALANCE, shownBalance } from './hidden-balance';

describe('hidden balance', () => {
  it('shows *** for a balance while balances are hidden, the balance otherwise', () => {
    expect(HIDDEN_BALANCE).toBe('***');
    expect(shownBalance('1.2345 SOL', true)).toBe('***');
    expect(shownBalance('1.2345 SOL', false)).toBe('1.2345 SOL');
  });
});
