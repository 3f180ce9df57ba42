import {
  MAX_LISTED_BURN_ACCOUNTS,
  MAX_LISTED_SKIPPED_ACCOUNTS,
  burnFeeShares,
  type BurnForecast,
  type BurnThreshold,
  type BurnTokensPlan,
  type RentDestination,
} from '@fleet/core';
import type { StoredBurnBuild, StoredBurnItem, StoredBurnTransaction } from './stored-burn-plan';

// The stored burn plan (what the job executes, exactly) and the view the operator confirms.

export interface StoredBurnPlan extends StoredBurnBuild {
  readonly createdAt: string;
  readonly createdBy: string;
  readonly view: Omit<BurnTokensPlan, 'planId' | 'expiresAt'>;
}

/** The plan to store: items in transaction order, so a transaction's items are contiguous. */
export function storedBurnPlanOf(input: {
  readonly forecast: BurnForecast;
  readonly wallets: readonly string[];
  readonly walletIds: ReadonlyMap<string, string | null>;
  readonly master: string;
  readonly rentDestination: RentDestination;
  readonly threshold: BurnThreshold;
  readonly unpricedMints: readonly string[];
  readonly price: bigint;
  readonly pricedAt: Date;
  readonly createdAt: Date;
  readonly createdBy: string;
}): StoredBurnPlan {
  const { forecast, master, rentDestination, walletIds } = input;
  const items: StoredBurnItem[] = [];
  const transactions: StoredBurnTransaction[] = [];
  for (const transaction of forecast.transactions) {
    const positions: number[] = [];
    const shares = burnFeeShares(transaction);
    for (const burn of transaction.burns) {
      positions.push(items.length);
      items.push({
        wallet: burn.owner,
        walletId: walletIds.get(burn.owner) ?? null,
        tokenAccount: burn.tokenAccount,
        mint: burn.mint,
        program: burn.program,
        amount: burn.amount.toString(),
        decimals: burn.decimals,
        destination: rentDestination === 'master' ? master : burn.owner,
        rentLamports: burn.rentLamports.toString(),
        feeLamports: (shares.get(burn.itemId) ?? 0n).toString(),
      });
    }
    transactions.push({
      items: positions,
      owners: [...transaction.owners],
      computeUnitLimit: transaction.computeUnitLimit,
      feeLamports: transaction.feeLamports.toString(),
      size: transaction.size,
    });
  }
  const byOwner = new Map(forecast.wallets.map((wallet) => [wallet.owner as string, wallet]));
  const createdAt = input.createdAt.toISOString();
  const microLamportsPerUnit = input.price.toString();
  return {
    createdAt,
    createdBy: input.createdBy,
    master,
    rentDestination,
    microLamportsPerUnit,
    wallets: [...input.wallets],
    items,
    transactions,
    view: {
      createdAt,
      master,
      rentDestination,
      microLamportsPerUnit,
      threshold: input.threshold,
      unpricedMints: [...input.unpricedMints],
      pricedAt: input.pricedAt.toISOString(),
      totalWallets: input.wallets.length,
      burnAccounts: forecast.burns.length,
      burnedValueUsd: forecast.burnedValueUsd,
      mints: forecast.mints.map((mint) => ({
        mint: mint.mint,
        program: mint.program,
        accounts: mint.accounts,
        wallets: mint.wallets,
        amount: mint.amount.toString(),
        decimals: mint.decimals,
        priceUsd: mint.priceUsd,
        valueUsd: mint.valueUsd,
      })),
      burns: forecast.burns.slice(0, MAX_LISTED_BURN_ACCOUNTS).map((burn) => ({
        wallet: burn.owner,
        walletId: walletIds.get(burn.owner) ?? null,
        tokenAccount: burn.tokenAccount,
        mint: burn.mint,
        program: burn.program,
        amount: burn.amount.toString(),
        decimals: burn.decimals,
        valueUsd: burn.valueUsd,
        rentLamports: burn.rentLamports.toString(),
      })),
      skippedAccounts: forecast.skipped.length,
      skippedByReason: { ...forecast.skippedByReason },
      skipped: forecast.skipped.slice(0, MAX_LISTED_SKIPPED_ACCOUNTS).map((skip) => ({
        wallet: skip.owner,
        tokenAccount: skip.tokenAccount,
        mint: skip.mint,
        program: skip.program,
        amount: skip.amount.toString(),
        valueUsd: skip.valueUsd,
        reason: skip.reason,
      })),
      // Every wallet in scope, those with no token account at all too.
      wallets: input.wallets.map((wallet) => {
        const found = byOwner.get(wallet);
        return {
          wallet,
          walletId: walletIds.get(wallet) ?? null,
          burnAccounts: found?.burnAccounts ?? 0,
          skippedAccounts: found?.skippedAccounts ?? 0,
          rentLamports: (found?.rentLamports ?? 0n).toString(),
          feeLamports: (found?.feeLamports ?? 0n).toString(),
          netLamports: (found?.netLamports ?? 0n).toString(),
        };
      }),
      transactions: forecast.transactions.map((transaction) => ({
        owners: [...transaction.owners],
        feePayer: transaction.feePayer,
        accounts: transaction.burns.length,
        signatures: transaction.signatures,
        size: transaction.size,
        computeUnitLimit: transaction.computeUnitLimit,
        feeLamports: transaction.feeLamports.toString(),
        rentLamports: transaction.rentLamports.toString(),
      })),
      rentLamports: forecast.rentLamports.toString(),
      feeLamports: forecast.feeLamports.toString(),
      netLamports: forecast.netLamports.toString(),
    },
  };
}
