import {
  exhaustiveSwitchError,
  fleetErrorMessage,
  type FleetErrorCode,
  type FleetErrorContextByCode,
} from '../errors/fleet-error';
import type { Lamports } from '../primitives/lamports';
import { transactionFee } from '../transactions/transaction-fee';

/**
 * Plans before money (issue 17): distribute SOL from the master to recipients, or withdraw SOL
 * from wallets to the master (spec 2 §4 "SOL withdraw to master", §5, §8, §9). Pure: balances
 * come in as a snapshot, the plan goes out as a value with every problem found, and nothing is
 * signed until a plan without a blocking problem is stored.
 */

/**
 * The least a 0-byte system account may hold once it exists: rent for 128 bytes of account
 * overhead at 3,480 lamports per byte-year, times the two years that make it exempt
 * (128 × 3,480 × 2 = 890,880). A transfer that would leave a new account (or the payer) with 1 to
 * 890,879 lamports is refused by the chain; exactly 0 is allowed (DESIGN "Facts").
 */
export const RENT_EXEMPT_MINIMUM_LAMPORTS = 890_880n as Lamports;

/** Spec 2 §9 "fallback fee 5000 lamports", used when no fee estimate is known. */
export const FALLBACK_FEE_LAMPORTS = 5_000n as Lamports;

/**
 * System transfers per distribution transaction. The spec's 34 only fits a v0 transaction with a
 * lookup table; a legacy transaction with compute-budget instructions holds 20 (DESIGN "Facts").
 */
export const TRANSFERS_PER_LEGACY_TRANSACTION = 20;

/** What a fee depends on: every signer pays 5,000, and compute units grow with transfers. */
export interface FeeQuery {
  readonly signers: number;
  readonly transfers: number;
}

/**
 * A flat fee per transaction, or a function of the transaction; a function answering null means
 * "no estimate", and the spec's fallback of 5,000 per signature is used.
 */
export type FeeSource = bigint | ((query: FeeQuery) => bigint | null);

function feeOf(source: FeeSource, query: FeeQuery): Lamports {
  const fee = typeof source === 'bigint' ? source : source(query);
  if (fee === null) return (FALLBACK_FEE_LAMPORTS * BigInt(query.signers)) as Lamports;
  if (fee < 0n) throw new RangeError(`A fee cannot be negative, got ${fee}`);
  return fee as Lamports;
}

/**
 * The spec's distribution fee (spec 2 §9): 5,000 per signature plus a priority fee of 5,000
 * micro-lamports per compute unit over 30,000 units per transfer plus 50,000, rounded up.
 */
export function specDistributionFee({ signers, transfers }: FeeQuery): Lamports {
  return transactionFee({
    signatures: signers,
    computeUnitLimit: 30_000n * BigInt(transfers) + 50_000n,
    microLamportsPerComputeUnit: 5_000n,
  });
}

export interface PlanWallet {
  readonly address: string;
  /** Lamports at the snapshot; 0 for an account that does not exist yet. */
  readonly balance: Lamports;
  /** Whether Fleet holds its private key (a wallet without one cannot sign). */
  readonly hasKey: boolean;
}

export interface PlannedTransfer {
  readonly from: string;
  readonly to: string;
  readonly amount: Lamports;
}

export interface PlannedSolTransaction {
  readonly feePayer: string;
  readonly signers: readonly string[];
  readonly transfers: readonly PlannedTransfer[];
  readonly fee: Lamports;
}

export type SkipReason =
  'zeroAmount' | 'noPrivateKey' | 'emptyWallet' | 'balanceNotAboveFee' | 'master';

export interface SkippedWallet {
  readonly address: string;
  readonly reason: SkipReason;
}

/** A problem found by the planner. A blocking one means the plan must not run as it is. */
export interface PlanProblem {
  readonly code: FleetErrorCode;
  readonly message: string;
  /** The wallet it is about, or null for the plan as a whole. */
  readonly address: string | null;
  readonly blocking: boolean;
}

export interface BalanceChange {
  readonly address: string;
  readonly before: Lamports;
  /** After every planned transaction lands; 0 when the plan is short (see its problem). */
  readonly after: Lamports;
}

export type FeeStrategy = 'master' | 'child' | 'mixed';

export interface SolPlan {
  readonly kind: 'distribute' | 'aggregate';
  readonly transactions: readonly PlannedSolTransaction[];
  readonly skipped: readonly SkippedWallet[];
  readonly balances: readonly BalanceChange[];
  readonly totalAmount: Lamports;
  readonly totalFees: Lamports;
  readonly problems: readonly PlanProblem[];
  /** True when there is something to send and no blocking problem. */
  readonly ready: boolean;
}

function problem<C extends FleetErrorCode>(
  code: C,
  context: FleetErrorContextByCode[C],
  address: string | null,
  blocking: boolean,
): PlanProblem {
  // The sentence comes from the one message table, like a FleetError's.
  return Object.freeze({ code, message: fleetErrorMessage(code, context), address, blocking });
}

function leavesBelowRent(after: bigint): boolean {
  return after > 0n && after < RENT_EXEMPT_MINIMUM_LAMPORTS;
}

function finish(
  kind: SolPlan['kind'],
  parts: Omit<SolPlan, 'kind' | 'ready' | 'totalAmount' | 'totalFees'>,
): SolPlan {
  let totalAmount = 0n;
  let totalFees = 0n;
  for (const tx of parts.transactions) {
    totalFees += tx.fee;
    for (const transfer of tx.transfers) totalAmount += transfer.amount;
  }
  return Object.freeze({
    kind,
    transactions: Object.freeze(parts.transactions),
    skipped: Object.freeze(parts.skipped),
    balances: Object.freeze(parts.balances),
    totalAmount: totalAmount as Lamports,
    totalFees: totalFees as Lamports,
    problems: Object.freeze(parts.problems),
    ready: parts.transactions.length > 0 && !parts.problems.some((p) => p.blocking),
  });
}

function masterNotReady(kind: SolPlan['kind'], skipped: SkippedWallet[] = []): SolPlan {
  return finish(kind, {
    transactions: [],
    skipped,
    balances: [],
    problems: [problem('SOL_PLAN__MASTER_NOT_READY', {}, null, true)],
  });
}

export interface DistributeRecipient {
  readonly address: string;
  /** Lamports now; 0 means the account does not exist yet and the amount must reach rent. */
  readonly balance: Lamports;
  readonly amount: Lamports;
}

export interface DistributeSolInput {
  /** Null when no master wallet is set. */
  readonly master: PlanWallet | null;
  readonly recipients: readonly DistributeRecipient[];
  readonly fee: FeeSource;
  readonly recipientsPerTransaction?: number;
  /**
   * How the transfers are cut into transactions when not by `recipientsPerTransaction`: a
   * lookup-table plan packs v0 transactions by table. Every transfer must come back exactly once.
   */
  readonly packing?: (
    transfers: readonly PlannedTransfer[],
  ) => readonly (readonly PlannedTransfer[])[];
  /** What the master spends besides these transactions (a lookup table's setup fees and rent). */
  readonly masterSpendsBesides?: Lamports;
}

/**
 * Master → recipients. Amounts of 0 are skipped (spec 2 §5 "Distribution skips wallets with
 * amount 0"). Blocking: no master or no master key ("Master wallet not ready"), nothing left to
 * send, an amount that would leave a new account below rent exemption, the master short of the
 * amounts plus fees, or the master itself left between 0 and the rent-exempt minimum.
 */
export function planSolDistribution(input: DistributeSolInput): SolPlan {
  const { master } = input;
  if (master === null || !master.hasKey) return masterNotReady('distribute');
  const perTransaction = input.recipientsPerTransaction ?? TRANSFERS_PER_LEGACY_TRANSACTION;
  if (!Number.isInteger(perTransaction) || perTransaction < 1) {
    throw new RangeError(
      `recipientsPerTransaction must be a whole number from 1, got ${perTransaction}`,
    );
  }

  const skipped: SkippedWallet[] = [];
  const problems: PlanProblem[] = [];
  const transfers: PlannedTransfer[] = [];
  const balances: BalanceChange[] = [];
  for (const recipient of input.recipients) {
    if (recipient.amount === 0n) {
      skipped.push({ address: recipient.address, reason: 'zeroAmount' });
      continue;
    }
    if (recipient.address === master.address) {
      skipped.push({ address: recipient.address, reason: 'master' });
      continue;
    }
    const after = recipient.balance + recipient.amount;
    if (recipient.balance === 0n && leavesBelowRent(after)) {
      problems.push(rentProblem(recipient.address, after));
    }
    transfers.push({ from: master.address, to: recipient.address, amount: recipient.amount });
    balances.push({
      address: recipient.address,
      before: recipient.balance,
      after: after as Lamports,
    });
  }
  if (transfers.length === 0) {
    problems.push(problem('SOL_PLAN__NOTHING_TO_DISTRIBUTE', {}, null, true));
  }

  const chunks: (readonly PlannedTransfer[])[] = [];
  if (input.packing) {
    chunks.push(...input.packing(transfers));
    const packed = chunks.reduce((n, chunk) => n + chunk.length, 0);
    if (packed !== transfers.length || chunks.some((chunk) => chunk.length === 0)) {
      throw new RangeError(`The packing returned ${packed} of ${transfers.length} transfers`);
    }
  } else {
    for (let start = 0; start < transfers.length; start += perTransaction) {
      chunks.push(transfers.slice(start, start + perTransaction));
    }
  }
  const transactions: PlannedSolTransaction[] = chunks.map((chunk) => ({
    feePayer: master.address,
    signers: [master.address],
    transfers: chunk,
    fee: feeOf(input.fee, { signers: 1, transfers: chunk.length }),
  }));

  let needed = input.masterSpendsBesides ?? 0n;
  for (const tx of transactions) {
    needed += tx.fee;
    for (const transfer of tx.transfers) needed += transfer.amount;
  }
  const masterAfter = master.balance - needed;
  if (masterAfter < 0n) {
    problems.push(
      problem(
        'SOL_PLAN__MASTER_BALANCE_SHORT',
        { needed: needed.toString(), available: master.balance.toString() },
        master.address,
        true,
      ),
    );
  } else if (leavesBelowRent(masterAfter)) {
    problems.push(rentProblem(master.address, masterAfter));
  }
  balances.unshift({
    address: master.address,
    before: master.balance,
    after: (masterAfter < 0n ? 0n : masterAfter) as Lamports,
  });
  return finish('distribute', { transactions, skipped, balances, problems });
}

function rentProblem(address: string, after: bigint): PlanProblem {
  return problem(
    'SOL_PLAN__BELOW_RENT_EXEMPT',
    { address, after: after.toString(), minimum: RENT_EXEMPT_MINIMUM_LAMPORTS.toString() },
    address,
    true,
  );
}

export interface AggregateSolInput {
  readonly master: PlanWallet | null;
  readonly wallets: readonly PlanWallet[];
  readonly fee: FeeSource;
  readonly feeStrategy: FeeStrategy;
  /**
   * Wallets signing one transaction the master pays for; default 1. The packer says how many fit
   * (8 in a legacy transaction with the compute budget).
   */
  readonly walletsPerMasterTransaction?: number;
}

/**
 * Wallets → master, each wallet's whole balance. A wallet paying its own fee sends alone; wallets
 * the master pays for sign together, `walletsPerMasterTransaction` to a transaction, so a sweep
 * costs one signature per wallet plus one per transaction (issue 17).
 *
 * Fee strategies (spec 2 §4): `master` — the master pays every fee and signs beside the wallet,
 * so the wallet sends all it holds and is left at exactly 0; `child` — each wallet pays its own
 * fee and sends the rest, and is skipped when "the wallet balance is not above the network fee"
 * (spec 2 §5); `mixed` — the master pays while it can, then switches to `child` for the rest.
 *
 * The master's fees are checked against its balance alone, without the withdrawals it will
 * receive: transactions run concurrently and a failed one still costs its fee. Wallets without a
 * key are skipped and counted for "N wallet(s) skipped because no private key is available"; that
 * problem does not block the others (spec 2 §4 "if none remain nothing happens").
 */
export function planSolAggregation(input: AggregateSolInput): SolPlan {
  const { master } = input;
  const perMasterTransaction = input.walletsPerMasterTransaction ?? 1;
  const skipped: SkippedWallet[] = [];
  const withKey: PlanWallet[] = [];
  for (const wallet of input.wallets) {
    if (master !== null && wallet.address === master.address) {
      skipped.push({ address: wallet.address, reason: 'master' });
    } else if (!wallet.hasKey) {
      skipped.push({ address: wallet.address, reason: 'noPrivateKey' });
    } else {
      withKey.push(wallet);
    }
  }
  const missingKeys = skipped.filter((skip) => skip.reason === 'noPrivateKey').length;
  // The master signs whenever it may pay a fee; when the wallets pay their own, it only
  // receives, so its address is enough (spec 2 §4: "child (master holds 0 SOL so children pay)").
  if (master === null || (!master.hasKey && input.feeStrategy !== 'child')) {
    return masterNotReady('aggregate', skipped);
  }

  const problems: PlanProblem[] = [];
  if (missingKeys > 0) {
    problems.push(problem('SOL_PLAN__NO_PRIVATE_KEY', { wallets: missingKeys }, null, false));
  }
  const transactions: PlannedSolTransaction[] = [];
  const balances: BalanceChange[] = [];
  let masterBudget: bigint = master.balance;
  let received = 0n;
  let payer: 'master' | 'child' = input.feeStrategy === 'child' ? 'child' : 'master';

  for (const wallet of withKey) {
    if (wallet.balance === 0n) {
      skipped.push({ address: wallet.address, reason: 'emptyWallet' });
      continue;
    }
    if (payer === 'master') {
      // Several wallets sign one transaction the master pays for: each adds its signature and
      // its transfer, so the fee it adds is the group's fee with it minus the fee without it.
      const open = transactions.at(-1);
      const joins =
        open !== undefined &&
        open.feePayer === master.address &&
        open.transfers.length < perMasterTransaction;
      const count = joins ? open.transfers.length : 0;
      const before = joins ? open.fee : 0n;
      const fee = feeOf(input.fee, { signers: count + 2, transfers: count + 1 });
      const left = masterBudget - (fee - before);
      const masterCanPay = left >= 0n && !leavesBelowRent(left);
      if (masterCanPay || input.feeStrategy === 'master') {
        // Under `master` a shortfall is reported below rather than silently changing strategy.
        masterBudget = left;
        const transfer = { from: wallet.address, to: master.address, amount: wallet.balance };
        if (joins) {
          transactions[transactions.length - 1] = {
            feePayer: master.address,
            signers: [...open.signers, wallet.address],
            transfers: [...open.transfers, transfer],
            fee,
          };
        } else {
          transactions.push({
            feePayer: master.address,
            signers: [master.address, wallet.address],
            transfers: [transfer],
            fee,
          });
        }
        received += wallet.balance;
        balances.push({ address: wallet.address, before: wallet.balance, after: 0n as Lamports });
        continue;
      }
      payer = 'child';
    }
    const fee = feeOf(input.fee, { signers: 1, transfers: 1 });
    if (wallet.balance <= fee) {
      skipped.push({ address: wallet.address, reason: 'balanceNotAboveFee' });
      problems.push(
        problem(
          'SOL_PLAN__BALANCE_NOT_ABOVE_FEE',
          { address: wallet.address, balance: wallet.balance.toString(), fee: fee.toString() },
          wallet.address,
          false,
        ),
      );
      continue;
    }
    const amount = (wallet.balance - fee) as Lamports;
    transactions.push({
      feePayer: wallet.address,
      signers: [wallet.address],
      transfers: [{ from: wallet.address, to: master.address, amount }],
      fee,
    });
    received += amount;
    balances.push({ address: wallet.address, before: wallet.balance, after: 0n as Lamports });
  }

  const masterFees = master.balance - masterBudget;
  if (masterBudget < 0n) {
    problems.push(
      problem(
        'SOL_PLAN__MASTER_BALANCE_SHORT',
        { needed: masterFees.toString(), available: master.balance.toString() },
        master.address,
        true,
      ),
    );
  } else if (leavesBelowRent(masterBudget)) {
    problems.push(rentProblem(master.address, masterBudget));
  }
  if (transactions.length === 0) {
    problems.push(problem('SOL_PLAN__NO_SOL_TO_WITHDRAW', {}, null, true));
  }
  const masterAfter = masterBudget + received;
  balances.unshift({
    address: master.address,
    before: master.balance,
    after: (masterAfter < 0n ? 0n : masterAfter) as Lamports,
  });
  return finish('aggregate', { transactions, skipped, balances, problems });
}

/** Which strategy a plan's transactions ended up using, for the confirmation dialog. */
export function feePayers(plan: SolPlan, masterAddress: string): FeeStrategy | null {
  const byMaster = plan.transactions.filter((tx) => tx.feePayer === masterAddress).length;
  if (plan.transactions.length === 0) return null;
  if (byMaster === plan.transactions.length) return 'master';
  return byMaster === 0 ? 'child' : 'mixed';
}

/** Kept for exhaustive handling of strategies by callers that branch on them. */
export function describeFeeStrategy(strategy: FeeStrategy): string {
  switch (strategy) {
    case 'master':
      return 'The master wallet pays every network fee';
    case 'child':
      return 'Each wallet pays its own network fee';
    case 'mixed':
      return 'The master wallet pays fees while it can, then each wallet pays its own';
    default:
      return exhaustiveSwitchError(strategy);
  }
}
