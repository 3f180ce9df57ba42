import { describe, expect, it } from 'vitest';
import { parseWalletHoldings, valueWallets, walletValueColumns } from './wallet-values';

describe('wallet values', () => {
  const holdings = parseWalletHoldings({
    wallets: 'w1 2000000000,w2 0,w3 500000000',
    // Grouped by wallet, as the repository orders them; `wz` is an archived wallet's account.
    accounts: 'w1 MintA 3000000,w1 MintA 1000000,w1 MintB 10,w2 MintA 5000000,wz MintA 9',
  });

  it('reads the wallets and their funded accounts, and drops the accounts of archived wallets', () => {
    expect(holdings.walletIds).toEqual(['w1', 'w2', 'w3']);
    expect([...holdings.sol]).toEqual([2, 0, 0.5]);
    expect(holdings.mints).toEqual(['MintA', 'MintB']);
    expect([...holdings.accountAmount]).toEqual([3_000_000, 1_000_000, 10, 5_000_000]);
  });

  it('counts a wallet with two accounts of a mint as one holder', () => {
    expect([...holdings.holders]).toEqual([
      ['MintA', 2],
      ['MintB', 1],
    ]);
  });

  it('values every wallet at the prices given, unpriced mints adding nothing, and finds the top', () => {
    const values = valueWallets(holdings, 100, new Map([['MintA', 2 / 1e6]]));
    expect([...values.tokensUsd]).toEqual([8, 10, 0]);
    expect(values.top).toBe(0); // 2 SOL × $100 + $8
    expect(valueWallets(holdings, 0, new Map([['MintA', 2 / 1e6]])).top).toBe(1);
  });

  it('reads an empty tenant as no wallets and no top', () => {
    const empty = parseWalletHoldings({ wallets: '', accounts: '' });
    expect(empty.walletIds).toEqual([]);
    expect(valueWallets(empty, 100, new Map()).top).toBe(-1);
  });
});

describe('wallet value columns', () => {
  const holdings = parseWalletHoldings({
    wallets: 'w1 0,w2 0,w3 0,w4 0',
    accounts: 'w1 MintA 1000000,w1 MintB 5,w2 MintB 7,w3 MintA 500000',
  });

  it('lists only wallets holding tokens, a wallet of unpriced tokens alone without a value', () => {
    const values = valueWallets(holdings, 100, new Map([['MintA', 2 / 1e6]]));
    expect([...values.fundedAccounts]).toEqual([2, 1, 1, 0]);
    expect([...values.unpricedAccounts]).toEqual([1, 1, 0, 0]);
    expect(walletValueColumns(holdings.walletIds, values)).toEqual({
      ids: ['w1', 'w2', 'w3'],
      tokensUsd: [2, null, 1],
      unpricedTokens: [1, 1, 0],
    });
  });

  it('keeps a hundredth of a cent, so a small holding does not read as $0', () => {
    const values = valueWallets(holdings, 100, new Map([['MintA', 0.00000000123]]));
    expect(walletValueColumns(holdings.walletIds, values).tokensUsd).toEqual([
      0.0012,
      null,
      0.0006,
    ]);
  });
});
