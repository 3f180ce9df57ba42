import {
  closeProfitLamports,
  type BurnJobReport,
  type BurnTotals,
  type LedgerTransaction,
} from '@fleet/core';
import type { StoredBurnBuild } from './stored-burn-plan';

/**
 * The burn job's counts (spec 2 §3's burn statistics) and its report: a wallet is processed once
 * every dust account of it has burned or failed (a wallet with no dust at once), and the report
 * lists the processed wallets in the order they finished, with the running totals then. A burn and
 * its close share a transaction, so a confirmed one counts one burned token and one closed account;
 * a failed one counts a failed account, its fee paid.
 */
export function createBurnProgress(build: StoredBurnBuild) {
  const pending = new Map<string, number>();
  for (const wallet of build.wallets) pending.set(wallet, 0);
  for (const item of build.items) pending.set(item.wallet, (pending.get(item.wallet) ?? 0) + 1);
  const burned = new Map<string, number>();
  const finalPositions = new Set<number>();
  const finalTransactions = new Set<string>();
  const wallets: BurnJobReport['wallets'] = [];
  let burnedTokens = 0;
  let failedAccounts = 0;
  let rent = 0n;
  let fee = 0n;
  let done = false;

  const totals = (): BurnTotals => ({
    burnedTokens,
    closedAccounts: burnedTokens,
    failedAccounts,
    rentLamports: rent.toString(),
    feeLamports: fee.toString(),
    profitLamports: closeProfitLamports(rent, fee).toString(),
  });
  const walletDone = (wallet: string) => {
    const count = burned.get(wallet) ?? 0;
    wallets.push({
      wallet,
      burnedInThisWallet: count,
      closedInThisWallet: count,
      totals: totals(),
    });
  };
  for (const wallet of build.wallets) if (pending.get(wallet) === 0) walletDone(wallet);

  return {
    /** A transaction that landed: its positions burned and closed, or failed; its fee paid. */
    final(tx: LedgerTransaction, positions: readonly number[]): void {
      if (finalTransactions.has(tx.id)) return;
      finalTransactions.add(tx.id);
      const owners: string[] = [];
      for (const position of positions) {
        const item = build.items[position];
        if (item === undefined || finalPositions.has(position)) continue;
        finalPositions.add(position);
        // The fee a landed transaction paid: the plan's shares, which signed the same.
        fee += BigInt(item.feeLamports);
        if (tx.state === 'confirmed') {
          burned.set(item.wallet, (burned.get(item.wallet) ?? 0) + 1);
          burnedTokens += 1;
          rent += BigInt(item.rentLamports);
        } else {
          failedAccounts += 1;
        }
        const left = (pending.get(item.wallet) ?? 1) - 1;
        pending.set(item.wallet, left);
        if (left === 0 && !owners.includes(item.wallet)) owners.push(item.wallet);
      }
      for (const owner of owners) walletDone(owner);
    },
    finish(): void {
      done = true;
    },
    processedWallets: (): number => wallets.length,
    message: (): string => `${wallets.length} of ${build.wallets.length} wallets done`,
    report: (): BurnJobReport => ({
      totalWallets: build.wallets.length,
      wallets: [...wallets],
      totals: totals(),
      done,
    }),
  };
}
