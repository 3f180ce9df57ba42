import {
  MAX_LISTED_SKIPPED_ACCOUNTS,
  closeFeeShares,
  type BlockerCounts,
  type CloseForecast,
  type CloseForecastView,
  type CloseTokensPlan,
  type RentDestination,
  type TokenProgramKind,
} from '@fleet/core';

// The stored close plan (what the job executes, exactly) and the view the operator confirms.

/** One account to close, in plan order; its position is its item's position in the operation. */
export interface StoredCloseItem {
  readonly wallet: string;
  readonly walletId: string | null;
  readonly tokenAccount: string;
  readonly mint: string;
  readonly program: TokenProgramKind;
  readonly destination: string;
  /** Decimal lamports: the rent the close returns. */
  readonly rentLamports: string;
  /** Decimal lamports: this account's share of its transaction's fee. */
  readonly feeLamports: string;
}

export interface StoredCloseTransaction {
  /** Positions in `items`. */
  readonly items: readonly number[];
  readonly owners: readonly string[];
  /** The master, or the one owner paying its own (`packCloses`' `ownerLamports`). */
  readonly feePayer: string;
  readonly computeUnitLimit: number;
  readonly feeLamports: string;
}

export interface StoredClosePlan {
  readonly createdAt: string;
  readonly createdBy: string;
  readonly master: string;
  readonly rentDestination: RentDestination;
  readonly microLamportsPerUnit: string;
  /** Every wallet in scope in the order chosen, closable or not: the stream counts them all. */
  readonly wallets: readonly string[];
  readonly items: readonly StoredCloseItem[];
  readonly transactions: readonly StoredCloseTransaction[];
  /** Accounts left open, counted per wallet for the stream's skippedInThisWallet. */
  readonly skippedByWallet: Readonly<Record<string, number>>;
  readonly view: Omit<CloseTokensPlan, 'planId' | 'expiresAt'>;
}

function blockersView(blockers: BlockerCounts): CloseForecastView['blockers'] {
  return {
    'has balance': blockers['has balance'],
    frozen: blockers.frozen,
    'withheld transfer fees': blockers['withheld transfer fees'],
  };
}

/** The forecast as the API shows it, every wallet in scope listed (those with nothing too). */
export function forecastView(
  forecast: CloseForecast,
  wallets: readonly string[],
  walletIds: ReadonlyMap<string, string | null>,
): CloseForecastView {
  const byOwner = new Map(forecast.wallets.map((wallet) => [wallet.owner as string, wallet]));
  return {
    wallets: wallets.map((wallet) => {
      const found = byOwner.get(wallet);
      return {
        wallet,
        walletId: walletIds.get(wallet) ?? null,
        closableAccounts: found?.closableAccounts ?? 0,
        rentLamports: (found?.rentLamports ?? 0n).toString(),
        feeLamports: (found?.feeLamports ?? 0n).toString(),
        netLamports: (found?.netLamports ?? 0n).toString(),
        blockers: blockersView(
          found?.blockers ?? { 'has balance': 0, frozen: 0, 'withheld transfer fees': 0 },
        ),
      };
    }),
    totalWallets: wallets.length,
    closableAccounts: forecast.closableAccounts,
    rentLamports: forecast.rentLamports.toString(),
    feeLamports: forecast.feeLamports.toString(),
    netLamports: forecast.netLamports.toString(),
    blockers: blockersView(forecast.blockers),
    transactions: forecast.transactions.length,
  };
}

/** The plan to store: items in transaction order, so a transaction's items are contiguous. */
export function storedPlanOf(input: {
  readonly forecast: CloseForecast;
  readonly wallets: readonly string[];
  readonly walletIds: ReadonlyMap<string, string | null>;
  readonly master: string;
  readonly rentDestination: RentDestination;
  readonly price: bigint;
  readonly createdAt: Date;
  readonly createdBy: string;
}): StoredClosePlan {
  const { forecast, master, rentDestination } = input;
  const items: StoredCloseItem[] = [];
  const transactions: StoredCloseTransaction[] = [];
  for (const transaction of forecast.transactions) {
    const positions: number[] = [];
    const shares = closeFeeShares(transaction);
    for (const close of transaction.closes) {
      positions.push(items.length);
      items.push({
        wallet: close.owner,
        walletId: input.walletIds.get(close.owner) ?? null,
        tokenAccount: close.tokenAccount,
        mint: close.mint,
        program: close.program,
        destination: rentDestination === 'master' ? master : close.owner,
        rentLamports: close.rentLamports.toString(),
        feeLamports: (shares.get(close.itemId) ?? 0n).toString(),
      });
    }
    transactions.push({
      items: positions,
      owners: transaction.owners,
      feePayer: transaction.feePayer,
      computeUnitLimit: transaction.computeUnitLimit,
      feeLamports: transaction.feeLamports.toString(),
    });
  }
  const skippedByWallet: Record<string, number> = {};
  for (const skip of forecast.skipped) {
    skippedByWallet[skip.owner] = (skippedByWallet[skip.owner] ?? 0) + 1;
  }
  const createdAt = input.createdAt.toISOString();
  return {
    createdAt,
    createdBy: input.createdBy,
    master,
    rentDestination,
    microLamportsPerUnit: input.price.toString(),
    wallets: input.wallets,
    items,
    transactions,
    skippedByWallet,
    view: {
      createdAt,
      master,
      rentDestination,
      microLamportsPerUnit: input.price.toString(),
      forecast: forecastView(forecast, input.wallets, input.walletIds),
      transactions: forecast.transactions.map((transaction) => ({
        owners: [...transaction.owners],
        feePayer: transaction.feePayer,
        accounts: transaction.closes.length,
        signatures: transaction.signatures,
        size: transaction.size,
        computeUnitLimit: transaction.computeUnitLimit,
        feeLamports: transaction.feeLamports.toString(),
        rentLamports: transaction.rentLamports.toString(),
      })),
      feeLamports: forecast.feeLamports.toString(),
      rentLamports: forecast.rentLamports.toString(),
      netLamports: forecast.netLamports.toString(),
      totalWallets: input.wallets.length,
      closableAccounts: forecast.closableAccounts,
      skippedAccounts: forecast.skipped.length,
      skipped: forecast.skipped.slice(0, MAX_LISTED_SKIPPED_ACCOUNTS).map((skip) => ({
        wallet: skip.owner,
        tokenAccount: skip.tokenAccount,
        mint: skip.mint,
        program: skip.program,
        reason: skip.blocker,
      })),
    },
  };
}
