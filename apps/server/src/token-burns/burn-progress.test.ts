import type { LedgerTransaction } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { createBurnProgress } from './burn-progress';
import type { StoredBurnBuild } from './stored-burn-plan';

function setup(rent = 2_000n, fee = 10n) {
  const burns: [string, string][] = [
    ['A', 'a1'],
    ['A', 'a2'],
    ['B', 'b1'],
  ];
  const build: StoredBurnBuild = {
    master: 'M',
    rentDestination: 'master',
    microLamportsPerUnit: '0',
    wallets: ['A', 'B', 'C'],
    items: burns.map(([wallet, account]) => ({
      wallet,
      walletId: null,
      tokenAccount: account,
      mint: 'mint',
      program: 'token',
      amount: '5',
      decimals: 6,
      destination: 'M',
      rentLamports: rent.toString(),
      feeLamports: fee.toString(),
    })),
    transactions: [],
  };
  const landed = (id: string, state: 'confirmed' | 'failed') =>
    ({ id, state }) as LedgerTransaction;
  return { progress: createBurnProgress(build), landed };
}

describe('The burn job’s progress', () => {
  it('counts a wallet with no dust at once, then each wallet as its burns land', () => {
    const { progress, landed } = setup();
    expect(progress.report().wallets.map((w) => w.wallet)).toEqual(['C']);
    progress.final(landed('t1', 'confirmed'), [0, 2]);
    expect(progress.report().wallets.map((w) => [w.wallet, w.burnedInThisWallet])).toEqual([
      ['C', 0],
      ['B', 1],
    ]);
    progress.final(landed('t2', 'failed'), [1]);
    // The same landing told twice (a resumed run) counts once.
    progress.final(landed('t2', 'failed'), [1]);
    const report = progress.report();
    expect(
      report.wallets.map((w) => [w.wallet, w.burnedInThisWallet, w.closedInThisWallet]),
    ).toEqual([
      ['C', 0, 0],
      ['B', 1, 1],
      ['A', 1, 1],
    ]);
    expect(report.totals).toEqual({
      burnedTokens: 2,
      closedAccounts: 2,
      failedAccounts: 1,
      rentLamports: '4000',
      feeLamports: '30',
      profitLamports: '3970',
    });
    expect(report.done).toBe(false);
    progress.finish();
    expect(progress.report().done).toBe(true);
    expect(progress.processedWallets()).toBe(3);
  });

  it('floors the profit at 0 when the fees outgrow the rent (spec 2 §9)', () => {
    const { progress, landed } = setup(2_000n, 5_000n);
    progress.final(landed('t1', 'failed'), [0, 1]);
    progress.final(landed('t2', 'confirmed'), [2]);
    expect(progress.report().totals).toMatchObject({
      rentLamports: '2000',
      feeLamports: '15000',
      profitLamports: '0',
    });
  });
});
