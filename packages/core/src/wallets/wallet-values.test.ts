import { describe, expect, it } from 'vitest';
import type { WalletValues } from '../api/valuation';
import { slimWallet } from './test-wallet';
import { walletTotalUsd, walletValuesSolPrice, withWalletValues } from './wallet-values';

const tokens = (withBalance: number) => ({ total: withBalance, withBalance, zeroBalance: 0 });

const values: WalletValues = {
  solPrice: {
    status: 'known',
    priceUsd: 150,
    source: 'jupiter',
    fetchedAt: '2026-11-27T00:00:00.000Z',
    ageMs: 0,
  },
  wallets: { ids: ['priced', 'unpriced'], tokensUsd: [12.5, null], unpricedTokens: [1, 2] },
  computedAt: '2026-11-27T00:00:00.000Z',
};

describe('wallet values in the list', () => {
  const list = [
    slimWallet({ id: 'priced', lamports: '2000000000', tokenStats: tokens(2) }),
    slimWallet({ id: 'unpriced', lamports: '1000000000', tokenStats: tokens(2) }),
    slimWallet({ id: 'no-tokens', lamports: '500000000' }),
    slimWallet({ id: 'newer-tokens', lamports: '0', tokenStats: tokens(1) }),
    slimWallet({ id: 'unscanned', lamports: null }),
  ];

  it('gives each wallet its token value: listed, $0 without tokens, unknown otherwise', () => {
    const valued = withWalletValues(list, values);
    expect(valued.map((wallet) => wallet.tokensValueUsd)).toEqual([12.5, null, 0, null, 0]);
  });

  it('keeps the list as it is until an answer arrives', () => {
    expect(withWalletValues(list, undefined)).toBe(list);
  });

  it("adds a wallet's SOL at the SOL price to its tokens, and knows no total it cannot add up", () => {
    const valued = withWalletValues(list, values);
    const price = walletValuesSolPrice(values);
    expect(price).toBe(150);
    expect(valued.map((wallet) => walletTotalUsd(wallet, price))).toEqual([
      312.5, // 2 SOL × $150 + $12.50
      null, // none of its tokens priced
      75, // 0.5 SOL, no tokens
      null, // tokens the answer does not know yet
      null, // never scanned
    ]);
    expect(
      walletTotalUsd({ lamports: '1', tokensValueUsd: 0, tokenStats: tokens(0) }, null),
    ).toBeNull();
  });

  it('reads no SOL price from an answer without one', () => {
    expect(walletValuesSolPrice(undefined)).toBeNull();
    expect(
      walletValuesSolPrice({
        ...values,
        solPrice: { status: 'unavailable', message: 'SOL price unavailable', reasons: [] },
      }),
    ).toBeNull();
  });
});
