import type { WalletHolding } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { holdingLines, NEVER_SCANNED } from './funds-review';

const wallet = (id: string, overrides: Partial<WalletHolding> = {}): WalletHolding => ({
  id,
  address: `${id}Address1111111111111111111111111111111`,
  name: null,
  archived: true,
  lamports: '0',
  tokenAccountsWithBalance: 0,
  tokens: [],
  ...overrides,
});

describe('the funds review of an archive or delete confirmation', () => {
  it('puts the wallets that hold funds first, most SOL first, then the unscanned, then the empty', () => {
    const lines = holdingLines([
      wallet('empty'),
      wallet('unscanned', { lamports: null }),
      wallet('tokens', { tokenAccountsWithBalance: 1 }),
      wallet('rich', { lamports: '100000000000' }),
      wallet('poor', { lamports: '1' }),
    ]);
    expect(lines.map((line) => line.id)).toEqual(['rich', 'poor', 'tokens', 'unscanned', 'empty']);
    expect(lines.map((line) => line.funded)).toEqual([true, true, true, false, false]);
  });

  it('writes SOL exactly and says when a wallet was never scanned', () => {
    const [rich, unscanned] = holdingLines([
      wallet('rich', { lamports: '4200000000' }),
      wallet('unscanned', { lamports: null }),
    ]);
    expect(rich?.sol).toBe('4.2 SOL');
    expect(unscanned?.sol).toBe(NEVER_SCANNED);
    expect(unscanned?.unscanned).toBe(true);
  });

  it('names up to three tokens with their amounts and counts the rest', () => {
    const [line] = holdingLines([
      wallet('t', {
        tokenAccountsWithBalance: 5,
        tokens: [
          {
            mint: 'MintA111111111111111111111111111111111111',
            symbol: 'USDC',
            amount: '1500000',
            decimals: 6,
          },
          {
            mint: 'MintB111111111111111111111111111111111111',
            symbol: null,
            amount: '7',
            decimals: 0,
          },
        ],
      }),
    ]);
    expect(line?.tokens).toBe('5 with a balance: USDC 1.5, Mint…1111 7, 3 more');
    expect(holdingLines([wallet('e')])[0]?.tokens).toBe('None');
  });
});
