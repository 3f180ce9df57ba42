import {
  closeStatistics,
  type CloseJobReport,
  type CloseTotals,
  type LedgerItem,
  type LedgerTransaction,
} from '@fleet/core';
import type { StoredCloseBuild } from './stored-close-plan';

/**
 * The close job's counts (spec 2 §3's close statistics) and its report: a wallet is processed
 * once every account of it has closed or failed (a wallet with nothing to close at once), and the
 * report lists the processed wallets in the order they finished, with the running totals then.
 */
export function createCloseProgress(input: {
  readonly build: StoredCloseBuild;
  readonly ownerOf: (item: LedgerItem) => string;
  readonly rentOf: (item: LedgerItem) => bigint;
}) {
  const { build } = input;
  const pending = new Map<string, number>();
  for (const wallet of build.wallets) pending.set(wallet, 0);
  for (const item of build.items) pending.set(item.wallet, (pending.get(item.wallet) ?? 0) + 1);
  const closed = new Map<string, number>();
  const failed = new Map<string, number>();
  const finalItems = new Set<string>();
  const finalTransactions = new Set<string>();
  const wallets: CloseJobReport['wallets'] = [];
  let closedAccounts = 0;
  let skippedAccounts = Object.values(build.skippedByWallet).reduce((a, b) => a + b, 0);
  let rent = 0n;
  let fee = 0n;
  let done = false;

  const totals = (): CloseTotals => {
    const stats = closeStatistics({
      processedWallets: wallets.length,
      totalWallets: build.wallets.length,
      closedAccounts,
      skippedAccounts,
      rentLamports: rent,
      feeLamports: fee,
    });
    return {
      closedAccounts,
      skippedAccounts,
      rentLamports: rent.toString(),
      feeLamports: fee.toString(),
      profitLamports: stats.profitLamports.toString(),
    };
  };
  const walletDone = (wallet: string) => {
    wallets.push({
      wallet,
      closedInThisWallet: closed.get(wallet) ?? 0,
      skippedInThisWallet: (build.skippedByWallet[wallet] ?? 0) + (failed.get(wallet) ?? 0),
      totals: totals(),
    });
  };
  for (const wallet of build.wallets) if (pending.get(wallet) === 0) walletDone(wallet);

  return {
    /** A transaction that landed: its accounts closed or failed, its fee paid either way. */
    final(tx: LedgerTransaction, items: readonly LedgerItem[], feeLamports: bigint): void {
      if (finalTransactions.has(tx.id)) return;
      finalTransactions.add(tx.id);
      fee += feeLamports;
      const owners: string[] = [];
      for (const item of items) {
        if (finalItems.has(item.id)) continue;
        finalItems.add(item.id);
        const owner = input.ownerOf(item);
        if (tx.state === 'confirmed') {
          closed.set(owner, (closed.get(owner) ?? 0) + 1);
          closedAccounts += 1;
          rent += input.rentOf(item);
        } else {
          failed.set(owner, (failed.get(owner) ?? 0) + 1);
          skippedAccounts += 1;
        }
        const left = (pending.get(owner) ?? 1) - 1;
        pending.set(owner, left);
        if (left === 0 && !owners.includes(owner)) owners.push(owner);
      }
      for (const owner of owners) walletDone(owner);
    },
    finish(): void {
      done = true;
    },
    processedWallets: (): number => wallets.length,
    message: (): string => `${wallets.length} of ${build.wallets.length} wallets done`,
    report: (): CloseJobReport => ({
      totalWallets: build.wallets.length,
      wallets: [...wallets],
      totals: totals(),
      done,
    }),
  };
}
