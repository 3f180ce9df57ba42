import { err, ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import type { ItemDoesNotFit } from '../transactions/pack-instructions';
import type { TokenProgramKind } from './close-instruction';
import {
  closeFeeShares,
  packCloses,
  type CloseComputeUnits,
  type CloseFeePayer,
  type CloseItem,
  type PlannedCloseTransaction,
  type RentDestination,
} from './pack-closes';

/** A token account as the chain holds it at plan time. */
export interface TokenAccountSnapshot {
  readonly owner: Address;
  readonly tokenAccount: Address;
  readonly mint: Address;
  readonly program: TokenProgramKind;
  /** Raw token units. */
  readonly amount: bigint;
  readonly lamports: bigint;
  readonly frozen: boolean;
  /** Token-2022's transfer-fee extension: fees withheld in the account (0 without it). */
  readonly withheldAmount: bigint;
}

/** Why an account cannot be closed now, in the words the forecast shows. */
export type CloseBlocker = 'has balance' | 'frozen' | 'withheld transfer fees';
export const CLOSE_BLOCKERS: readonly CloseBlocker[] = Object.freeze([
  'has balance',
  'frozen',
  'withheld transfer fees',
]);

/**
 * Whether an account can be closed: the programs refuse a close of an account holding tokens, a
 * frozen one, and (Token-2022) one whose withheld transfer fees have not been harvested to the
 * mint. A balance is named first: it is the ordinary case and is counted as skipped.
 */
export function closeBlockerOf(account: TokenAccountSnapshot): CloseBlocker | null {
  if (account.amount > 0n) return 'has balance';
  if (account.frozen) return 'frozen';
  if (account.withheldAmount > 0n) return 'withheld transfer fees';
  return null;
}

export type BlockerCounts = Readonly<Record<CloseBlocker, number>>;

export interface WalletCloseForecast {
  readonly owner: Address;
  readonly closableAccounts: number;
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
  /** Rent less fees; negative when closing costs more than it returns. */
  readonly netLamports: bigint;
  readonly blockers: BlockerCounts;
}

export interface CloseForecast {
  readonly wallets: readonly WalletCloseForecast[];
  readonly closableAccounts: number;
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
  readonly netLamports: bigint;
  readonly blockers: BlockerCounts;
  readonly transactions: readonly PlannedCloseTransaction[];
  /** The accounts left open, each with its reason. */
  readonly skipped: readonly (TokenAccountSnapshot & { readonly blocker: CloseBlocker })[];
}

export interface ForecastClosesInput {
  readonly master: Address;
  /** Every token account of the wallets in scope, in the order the wallets were chosen. */
  readonly accounts: readonly TokenAccountSnapshot[];
  readonly rentDestination: RentDestination;
  readonly feePayer: CloseFeePayer;
  readonly microLamportsPerComputeUnit: bigint;
  readonly computeUnits?: CloseComputeUnits;
  /** Each owner's SOL now: an owner that can pay for its own transaction may (`packCloses`). */
  readonly ownerLamports?: ReadonlyMap<Address, bigint>;
  /** The item id of each close; the token account's address by default. */
  readonly itemIdOf?: (account: TokenAccountSnapshot) => string;
}

const NO_BLOCKERS: BlockerCounts = Object.freeze({
  'has balance': 0,
  frozen: 0,
  'withheld transfer fees': 0,
});

/**
 * The rent forecast: which accounts close, in which transactions, what they return and cost per
 * wallet and in total, and what stays open and why. Fees are those of this packing exactly.
 */
export function forecastCloses(input: ForecastClosesInput): Result<CloseForecast, ItemDoesNotFit> {
  const closes: CloseItem[] = [];
  const skipped: (TokenAccountSnapshot & { blocker: CloseBlocker })[] = [];
  const byOwner = new Map<
    Address,
    { closable: number; rent: bigint; fee: bigint; blockers: Record<CloseBlocker, number> }
  >();
  const walletOf = (owner: Address) => {
    let wallet = byOwner.get(owner);
    if (wallet === undefined) {
      wallet = { closable: 0, rent: 0n, fee: 0n, blockers: { ...NO_BLOCKERS } };
      byOwner.set(owner, wallet);
    }
    return wallet;
  };
  const seen = new Set<Address>();
  for (const account of input.accounts) {
    // The same account read twice (two pages, both programs asked) closes once.
    if (seen.has(account.tokenAccount)) continue;
    seen.add(account.tokenAccount);
    const wallet = walletOf(account.owner);
    const blocker = closeBlockerOf(account);
    if (blocker !== null) {
      wallet.blockers[blocker] += 1;
      skipped.push(Object.freeze({ ...account, blocker }));
      continue;
    }
    wallet.closable += 1;
    wallet.rent += account.lamports;
    closes.push(
      Object.freeze({
        itemId: input.itemIdOf?.(account) ?? account.tokenAccount,
        owner: account.owner,
        tokenAccount: account.tokenAccount,
        mint: account.mint,
        program: account.program,
        rentLamports: account.lamports,
      }),
    );
  }
  const packed = packCloses({
    master: input.master,
    closes,
    rentDestination: input.rentDestination,
    feePayer: input.feePayer,
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
    ...(input.computeUnits === undefined ? {} : { computeUnits: input.computeUnits }),
    ...(input.ownerLamports === undefined ? {} : { ownerLamports: input.ownerLamports }),
  });
  if (!packed.ok) return err(packed.error);
  for (const transaction of packed.value) {
    const shares = closeFeeShares(transaction);
    for (const close of transaction.closes) {
      walletOf(close.owner).fee += shares.get(close.itemId) ?? 0n;
    }
  }

  const wallets = [...byOwner].map(([owner, wallet]) =>
    Object.freeze({
      owner,
      closableAccounts: wallet.closable,
      rentLamports: wallet.rent,
      feeLamports: wallet.fee,
      netLamports: wallet.rent - wallet.fee,
      blockers: Object.freeze({ ...wallet.blockers }),
    }),
  );
  const blockers = { ...NO_BLOCKERS };
  for (const wallet of wallets) {
    for (const blocker of CLOSE_BLOCKERS) blockers[blocker] += wallet.blockers[blocker];
  }
  const rentLamports = wallets.reduce((sum, wallet) => sum + wallet.rentLamports, 0n);
  const feeLamports = packed.value.reduce((sum, tx) => sum + tx.feeLamports, 0n);
  return ok(
    Object.freeze({
      wallets: Object.freeze(wallets),
      closableAccounts: closes.length,
      rentLamports,
      feeLamports,
      netLamports: rentLamports - feeLamports,
      blockers: Object.freeze(blockers),
      transactions: packed.value,
      skipped: Object.freeze(skipped),
    }),
  );
}

/** Spec 2 §3's close statistics. */
export interface CloseStatistics {
  readonly processedWallets: number;
  readonly totalWallets: number;
  readonly closedAccounts: number;
  readonly skippedAccounts: number;
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
  readonly profitLamports: bigint;
}

/** The statistics with profit = rent − fee, floored at 0 (spec 2 §9). */
export function closeStatistics(counts: Omit<CloseStatistics, 'profitLamports'>): CloseStatistics {
  const profit = counts.rentLamports - counts.feeLamports;
  return Object.freeze({ ...counts, profitLamports: profit > 0n ? profit : 0n });
}
