import type { LedgerItem, LedgerTransaction } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { createCloseProgress } from './close-progress';
import type { StoredCloseBuild } from './stored-close-plan';

const item = (id: string, wallet: string, rent: bigint) => ({ id, wallet, rent });

function setup() {
  const closes = [item('i1', 'A', 100n), item('i2', 'A', 100n), item('i3', 'B', 50n)];
  const build: StoredCloseBuild = {
    master: 'M',
    rentDestination: 'master',
    microLamportsPerUnit: '0',
    wallets: ['A', 'B', 'C'],
    items: closes.map((close) => ({
      wallet: close.wallet,
      walletId: null,
      tokenAccount: `${close.id}-account`,
      mint: 'mint',
      program: 'token',
      destination: 'M',
      rentLamports: close.rent.toString(),
      feeLamports: '10',
    })),
    transactions: [],
    skippedByWallet: { C: 2 },
  };
  const owners = new Map(closes.map((close) => [close.id, close.wallet]));
  const rents = new Map(closes.map((close) => [close.id, close.rent]));
  const progress = createCloseProgress({
    build,
    ownerOf: (ledgerItem) => owners.get(ledgerItem.id) ?? '',
    rentOf: (ledgerItem) => rents.get(ledgerItem.id) ?? 0n,
  });
  const items = (...ids: string[]) => ids.map((id) => ({ id }) as LedgerItem);
  const landed = (id: string, state: 'confirmed' | 'failed') =>
    ({ id, state }) as LedgerTransaction;
  return { progress, items, landed };
}

describe('The close job’s progress', () => {
  it('counts a wallet with nothing to close at once, then each wallet as its accounts land', () => {
    const { progress, items, landed } = setup();
    expect(progress.report().wallets.map((w) => w.wallet)).toEqual(['C']);
    expect(progress.report().totals.skippedAccounts).toBe(2);
    progress.final(landed('t1', 'confirmed'), items('i1', 'i3'), 20n);
    expect(progress.report().wallets.map((w) => w.wallet)).toEqual(['C', 'B']);
    progress.final(landed('t2', 'failed'), items('i2'), 10n);
    // The same landing told twice (a resumed run) counts once.
    progress.final(landed('t2', 'failed'), items('i2'), 10n);
    const report = progress.report();
    expect(
      report.wallets.map((w) => [w.wallet, w.closedInThisWallet, w.skippedInThisWallet]),
    ).toEqual([
      ['C', 0, 2],
      ['B', 1, 0],
      ['A', 1, 1],
    ]);
    expect(report.totals).toEqual({
      closedAccounts: 2,
      skippedAccounts: 3,
      rentLamports: '150',
      feeLamports: '30',
      profitLamports: '120',
    });
    expect(progress.processedWallets()).toBe(3);
    expect(report.done).toBe(false);
    progress.finish();
    expect(progress.report().done).toBe(true);
  });
});
