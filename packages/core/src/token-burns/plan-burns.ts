import {
  BURN_SKIP_REASONS,
  type BurnSkipReason,
  type BurnThreshold,
  type BurnValue,
} from '../api/burn-tokens';
import { err, ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import type { TokenProgramKind } from '../token-closes/close-instruction';
import type { RentDestination } from '../token-closes/pack-closes';
import type { ItemDoesNotFit } from '../transactions/pack-instructions';
import {
  burnSkipReasonOf,
  burnValueOf,
  usablePrice,
  type BurnCandidate,
  type DustRules,
} from './dust-threshold';
import {
  burnFeeShares,
  packBurns,
  type BurnComputeUnits,
  type BurnItem,
  type PlannedBurnTransaction,
} from './pack-burns';

export interface PlanBurnsInput {
  readonly master: Address;
  /** Every token account of the wallets (and mints) in scope, in the order the wallets were chosen. */
  readonly accounts: readonly BurnCandidate[];
  readonly threshold: BurnThreshold;
  /** USD a whole token, by mint, as the market priced them; a mint absent is unpriced. */
  readonly prices: ReadonlyMap<string, number>;
  readonly unpricedMints: readonly string[];
  readonly rentDestination: RentDestination;
  readonly microLamportsPerComputeUnit: bigint;
  readonly computeUnits?: BurnComputeUnits;
  /** The item id of each burn; the token account's address by default. */
  readonly itemIdOf?: (account: BurnCandidate) => string;
}

/** A burn of the plan with the value it was judged by. */
export interface PlannedBurn extends BurnItem {
  readonly valueUsd: BurnValue;
}

export interface SkippedBurn extends BurnCandidate {
  readonly reason: BurnSkipReason;
  readonly valueUsd: BurnValue;
}

export interface WalletBurnForecast {
  readonly owner: Address;
  readonly burnAccounts: number;
  readonly skippedAccounts: number;
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
  /** Rent less fees; negative when burning costs more than the closes return. */
  readonly netLamports: bigint;
}

/** One mint's burns summed: what the operator destroys of it. */
export interface BurnMintSummary {
  readonly mint: Address;
  readonly program: TokenProgramKind;
  readonly accounts: number;
  readonly wallets: number;
  readonly amount: bigint;
  readonly decimals: number;
  readonly priceUsd: number | null;
  readonly valueUsd: BurnValue;
}

export type BurnSkipCounts = Readonly<Record<BurnSkipReason, number>>;

export interface BurnForecast {
  /** Every burn, in transaction order (a transaction's burns are contiguous). */
  readonly burns: readonly PlannedBurn[];
  readonly transactions: readonly PlannedBurnTransaction[];
  /** The owners with an account in scope, in input order. */
  readonly wallets: readonly WalletBurnForecast[];
  readonly mints: readonly BurnMintSummary[];
  readonly skipped: readonly SkippedBurn[];
  readonly skippedByReason: BurnSkipCounts;
  /** The USD value burned, over the priced burns only. */
  readonly burnedValueUsd: number;
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
  readonly netLamports: bigint;
}

function noSkips(): Record<BurnSkipReason, number> {
  const counts = {} as Record<BurnSkipReason, number>;
  for (const reason of BURN_SKIP_REASONS) counts[reason] = 0;
  return counts;
}

/**
 * The burn-dust plan (issue 19): which balances are dust at the threshold and prices given, each
 * burned whole and its account closed in the same transaction, packed as closes are with the
 * master paying; what every wallet gets back and pays, each mint's total, and what is left and why.
 */
export function planBurns(input: PlanBurnsInput): Result<BurnForecast, ItemDoesNotFit> {
  const rules: DustRules = {
    threshold: input.threshold,
    prices: input.prices,
    unpricedMints: new Set(input.unpricedMints),
  };
  const candidates: PlannedBurn[] = [];
  const skipped: SkippedBurn[] = [];
  const skippedByReason = noSkips();
  const byOwner = new Map<Address, { burns: number; skipped: number; rent: bigint; fee: bigint }>();
  const walletOf = (owner: Address) => {
    let wallet = byOwner.get(owner);
    if (wallet === undefined) {
      wallet = { burns: 0, skipped: 0, rent: 0n, fee: 0n };
      byOwner.set(owner, wallet);
    }
    return wallet;
  };
  const seen = new Set<Address>();
  for (const account of input.accounts) {
    // The same account read twice (two pages, both programs asked) burns once.
    if (seen.has(account.tokenAccount)) continue;
    seen.add(account.tokenAccount);
    const wallet = walletOf(account.owner);
    const valueUsd = account.amount === 0n ? 0 : burnValueOf(account, input.prices);
    const reason = burnSkipReasonOf(account, rules);
    if (reason !== null) {
      wallet.skipped += 1;
      skippedByReason[reason] += 1;
      skipped.push(Object.freeze({ ...account, reason, valueUsd }));
      continue;
    }
    wallet.burns += 1;
    wallet.rent += account.lamports;
    candidates.push(
      Object.freeze({
        itemId: input.itemIdOf?.(account) ?? account.tokenAccount,
        owner: account.owner,
        tokenAccount: account.tokenAccount,
        mint: account.mint,
        program: account.program,
        amount: account.amount,
        decimals: account.decimals,
        rentLamports: account.lamports,
        valueUsd,
      }),
    );
  }

  const packed = packBurns({
    master: input.master,
    burns: candidates,
    rentDestination: input.rentDestination,
    feePayer: 'master',
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
    ...(input.computeUnits === undefined ? {} : { computeUnits: input.computeUnits }),
  });
  if (!packed.ok) return err(packed.error);
  const transactions = packed.value;
  const planned = new Map(candidates.map((burn) => [burn.itemId, burn]));
  const burns: PlannedBurn[] = [];
  for (const transaction of transactions) {
    const shares = burnFeeShares(transaction);
    for (const burn of transaction.burns) {
      walletOf(burn.owner).fee += shares.get(burn.itemId) ?? 0n;
      const found = planned.get(burn.itemId);
      if (found) burns.push(found);
    }
  }

  const wallets = [...byOwner].map(([owner, wallet]) =>
    Object.freeze({
      owner,
      burnAccounts: wallet.burns,
      skippedAccounts: wallet.skipped,
      rentLamports: wallet.rent,
      feeLamports: wallet.fee,
      netLamports: wallet.rent - wallet.fee,
    }),
  );
  const rentLamports = wallets.reduce((sum, wallet) => sum + wallet.rentLamports, 0n);
  const feeLamports = transactions.reduce((sum, tx) => sum + tx.feeLamports, 0n);
  const burnedValueUsd = burns.reduce(
    (sum, burn) => sum + (burn.valueUsd === 'unpriced' ? 0 : burn.valueUsd),
    0,
  );
  return ok(
    Object.freeze({
      burns: Object.freeze(burns),
      transactions,
      wallets: Object.freeze(wallets),
      mints: mintSummaries(burns, input.prices),
      skipped: Object.freeze(skipped),
      skippedByReason: Object.freeze(skippedByReason),
      burnedValueUsd,
      rentLamports,
      feeLamports,
      netLamports: rentLamports - feeLamports,
    }),
  );
}

/** Each burned mint, in order of its first burn. */
function mintSummaries(
  burns: readonly PlannedBurn[],
  prices: ReadonlyMap<string, number>,
): readonly BurnMintSummary[] {
  const byMint = new Map<
    Address,
    {
      program: TokenProgramKind;
      accounts: number;
      owners: Set<Address>;
      amount: bigint;
      decimals: number;
      value: number;
    }
  >();
  for (const burn of burns) {
    let mint = byMint.get(burn.mint);
    if (mint === undefined) {
      mint = {
        program: burn.program,
        accounts: 0,
        owners: new Set(),
        amount: 0n,
        decimals: burn.decimals,
        value: 0,
      };
      byMint.set(burn.mint, mint);
    }
    mint.accounts += 1;
    mint.owners.add(burn.owner);
    mint.amount += burn.amount;
    if (burn.valueUsd !== 'unpriced') mint.value += burn.valueUsd;
  }
  return Object.freeze(
    [...byMint].map(([mint, summary]) => {
      const price = prices.get(mint);
      const priced = usablePrice(price);
      return Object.freeze({
        mint,
        program: summary.program,
        accounts: summary.accounts,
        wallets: summary.owners.size,
        amount: summary.amount,
        decimals: summary.decimals,
        priceUsd: priced ? price : null,
        valueUsd: priced ? summary.value : ('unpriced' as const),
      });
    }),
  );
}
