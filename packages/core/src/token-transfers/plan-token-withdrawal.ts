import { fleetErrorMessage } from '../errors/error-messages';
import type { FleetErrorCode, FleetErrorContextByCode } from '../errors/error-codes';
import { err, ok, type Result } from '../errors/result';
import type { PlanProblem } from '../ledger/sol-plan';
import type { Address } from '../primitives/address';
import type { ItemDoesNotFit } from '../transactions/pack-instructions';
import {
  packTokenTransfers,
  tokenTransferFeeShares,
  type PlannedTokenTransaction,
  type TokenTransferComputeUnits,
  type TokenTransferItem,
} from './pack-token-transfers';
import {
  associatedAccountRent,
  reclaimableRent,
  type AssociatedAccountState,
  transferFeeIn,
  transferFeeOf,
  type MintState,
  type TokenAccountState,
  type TransferFee,
} from './token-layouts';
import { RENT_EXEMPT_MINIMUM_LAMPORTS } from '../ledger/sol-plan';

/** Why a token account is not withdrawn (the contract's `WITHDRAW_SKIP_REASONS`). */
export type WithdrawSkip =
  | 'master'
  | 'empty'
  | 'frozen'
  | 'non-transferable'
  | 'transfer hook'
  | 'paused'
  | 'unsupported extension'
  | 'master account frozen'
  | 'master account requires memo'
  | 'master account not associated';

export interface PlanTokenWithdrawalInput {
  readonly master: { readonly address: Address; readonly lamports: bigint };
  /** The wallets in scope, in the order chosen (every one listed in the plan, holding or not). */
  readonly wallets: readonly Address[];
  /** Every token account of those wallets in scope, read from the chain now. */
  readonly accounts: readonly TokenAccountState[];
  /** Every mint those accounts hold; an account whose mint is not here is skipped. */
  readonly mints: ReadonlyMap<Address, MintState>;
  /** The master's associated account address for each mint, and what is there now. */
  readonly masterAccounts: ReadonlyMap<
    Address,
    { readonly address: Address; readonly state: AssociatedAccountState }
  >;
  readonly epoch: bigint;
  readonly closeEmptied: boolean;
  readonly microLamportsPerComputeUnit: bigint;
  readonly computeUnits?: TokenTransferComputeUnits;
}

/** One account withdrawn: the transfer item and what it moves. */
export interface WithdrawalItem extends TokenTransferItem {
  /** The wallet that owns the source (the transfer's `owner`). */
  readonly wallet: Address;
  /** What the master receives: the amount less the mint's transfer fee. */
  readonly received: bigint;
  /** Rent the close returns to the master (0 when the account stays open). */
  readonly reclaimedRent: bigint;
}

export interface WithdrawalMintSummary {
  readonly mint: MintState;
  readonly fee: TransferFee | null;
  readonly accounts: number;
  readonly wallets: number;
  readonly amount: bigint;
  readonly received: bigint;
  readonly masterAccount: Address;
  readonly masterAccountExists: boolean;
  readonly masterBefore: bigint;
  readonly masterAfter: bigint;
  /** Rent the master pays to create its account for this mint (0 when it exists). */
  readonly accountRent: bigint;
}

export interface WithdrawalWalletSummary {
  readonly wallet: Address;
  readonly accounts: number;
  readonly closes: number;
  readonly skipped: number;
  readonly reclaimedRent: bigint;
  readonly feeLamports: bigint;
}

export interface TokenWithdrawalPlan {
  readonly items: readonly WithdrawalItem[];
  readonly transactions: readonly PlannedTokenTransaction[];
  readonly mints: readonly WithdrawalMintSummary[];
  readonly wallets: readonly WithdrawalWalletSummary[];
  readonly skipped: readonly {
    readonly account: TokenAccountState;
    readonly reason: WithdrawSkip;
  }[];
  readonly keptOpen: readonly {
    readonly account: TokenAccountState;
    readonly reason: 'withheld transfer fees';
  }[];
  readonly feeLamports: bigint;
  readonly accountRentLamports: bigint;
  readonly reclaimedRentLamports: bigint;
  /** reclaimed − fees − account rent. */
  readonly netLamports: bigint;
  readonly masterLamportsAfter: bigint;
  readonly problems: readonly PlanProblem[];
  readonly ready: boolean;
}

export function planProblem<C extends FleetErrorCode>(
  code: C,
  context: FleetErrorContextByCode[C],
  address: string | null,
  blocking: boolean,
): PlanProblem {
  return Object.freeze({ code, message: fleetErrorMessage(code, context), address, blocking });
}

/**
 * The master's SOL against what a plan spends of it (fees, the rent of accounts it creates): short
 * of it, or left between 0 and the rent-exempt minimum, which the chain refuses. Both blocking.
 */
export function masterSolProblems(
  master: { readonly address: Address; readonly lamports: bigint },
  spent: bigint,
): PlanProblem[] {
  const left = master.lamports - spent;
  if (left < 0n) {
    return [
      planProblem(
        'SOL_PLAN__MASTER_BALANCE_SHORT',
        { needed: spent.toString(), available: master.lamports.toString() },
        master.address,
        true,
      ),
    ];
  }
  if (left > 0n && left < RENT_EXEMPT_MINIMUM_LAMPORTS) {
    return [
      planProblem(
        'SOL_PLAN__BELOW_RENT_EXEMPT',
        {
          address: master.address,
          after: left.toString(),
          minimum: RENT_EXEMPT_MINIMUM_LAMPORTS.toString(),
        },
        master.address,
        true,
      ),
    ];
  }
  return [];
}

function skipOf(
  account: TokenAccountState,
  mint: MintState | undefined,
  master: AssociatedAccountState | undefined,
): WithdrawSkip | null {
  if (account.amount === 0n) return 'empty';
  if (mint === undefined) return 'unsupported extension';
  if (account.frozen) return 'frozen';
  if (mint.blocker !== null) return mint.blocker;
  if (master === undefined || master === 'foreign') return 'master account not associated';
  if (master === 'missing') return mint.defaultFrozen ? 'master account frozen' : null;
  if (master.frozen) return 'master account frozen';
  if (master.requiresIncomingMemo) return 'master account requires memo';
  return null;
}

/**
 * The master and its sources' view of a withdrawal to the master (issue 19): every token account
 * of the wallets in scope that holds tokens and may move goes, its whole balance, by
 * TransferChecked into the master's associated account for its mint (created first, by the
 * master, when it does not exist); with `closeEmptied`, the emptied account is closed in the
 * same transaction and its rent goes to the master. The master pays every fee, so a wallet
 * holding 0 SOL can withdraw; each owner signs once where its accounts fit one transaction.
 *
 * Blocking problems: nothing to withdraw; the master's SOL short of the fees and the rent of the
 * accounts it creates (closes return rent only as they land, so they are not counted on), or
 * left between 0 and the rent-exempt minimum.
 */
export function planTokenWithdrawal(
  input: PlanTokenWithdrawalInput,
): Result<TokenWithdrawalPlan, ItemDoesNotFit> {
  const { master } = input;
  const items: WithdrawalItem[] = [];
  const skipped: { account: TokenAccountState; reason: WithdrawSkip }[] = [];
  const keptOpen: { account: TokenAccountState; reason: 'withheld transfer fees' }[] = [];
  const seen = new Set<Address>();
  for (const account of input.accounts) {
    if (seen.has(account.address)) continue;
    seen.add(account.address);
    const mint = input.mints.get(account.mint);
    const masterAccount = input.masterAccounts.get(account.mint);
    // The master's own accounts (the master imported as a wallet too) are where tokens go.
    const reason =
      account.owner === master.address ? 'master' : skipOf(account, mint, masterAccount?.state);
    if (reason !== null || mint === undefined || masterAccount === undefined) {
      skipped.push({ account, reason: reason ?? 'unsupported extension' });
      continue;
    }
    let close = input.closeEmptied;
    if (close && account.withheldAmount > 0n) {
      close = false;
      keptOpen.push({ account, reason: 'withheld transfer fees' });
    }
    const fee = transferFeeIn(mint, input.epoch);
    items.push(
      Object.freeze({
        itemId: account.address,
        wallet: account.owner,
        owner: account.owner,
        source: account.address,
        destination: masterAccount.address,
        mint: account.mint,
        program: account.program,
        decimals: mint.decimals,
        amount: account.amount,
        closeTo: close ? master.address : null,
        createFor: masterAccount.state === 'missing' ? master.address : null,
        received: account.amount - transferFeeOf(fee, account.amount),
        reclaimedRent: close ? reclaimableRent(account) : 0n,
      }),
    );
  }

  const packed = packTokenTransfers({
    feePayer: master.address,
    items,
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
    ...(input.computeUnits === undefined ? {} : { computeUnits: input.computeUnits }),
  });
  if (!packed.ok) return err(packed.error);
  const transactions = packed.value;

  const feeByItem = new Map<string, bigint>();
  for (const transaction of transactions) {
    for (const [id, share] of tokenTransferFeeShares(transaction)) feeByItem.set(id, share);
  }
  const wallets = summarizeWallets(input.wallets, items, skipped, feeByItem);
  const mints = summarizeMints(input, items);
  const feeLamports = transactions.reduce((sum, tx) => sum + tx.feeLamports, 0n);
  const accountRentLamports = mints.reduce((sum, mint) => sum + mint.accountRent, 0n);
  const reclaimedRentLamports = items.reduce((sum, item) => sum + item.reclaimedRent, 0n);

  const problems: PlanProblem[] = [];
  if (items.length === 0) {
    problems.push(
      planProblem('TOKEN_TRANSFER__NOTHING_TO_WITHDRAW', { skipped: skipped.length }, null, true),
    );
  }
  // Closes return rent only as they land, so the master must pay the rest out of what it holds.
  const spent = feeLamports + accountRentLamports;
  problems.push(...masterSolProblems(master, spent));
  for (const mint of mints) {
    if (mint.fee === null || mint.received === mint.amount) continue;
    problems.push(
      planProblem(
        'TOKEN_TRANSFER__TRANSFER_FEE',
        {
          mint: mint.mint.address,
          basisPoints: mint.fee.basisPoints,
          amount: mint.amount.toString(),
          received: mint.received.toString(),
          decimals: mint.mint.decimals,
        },
        mint.mint.address,
        false,
      ),
    );
  }

  const netLamports = reclaimedRentLamports - spent;
  return ok(
    Object.freeze({
      items: Object.freeze(items),
      transactions,
      mints: Object.freeze(mints),
      wallets: Object.freeze(wallets),
      skipped: Object.freeze(skipped),
      keptOpen: Object.freeze(keptOpen),
      feeLamports,
      accountRentLamports,
      reclaimedRentLamports,
      netLamports,
      masterLamportsAfter: master.lamports + netLamports,
      problems: Object.freeze(problems),
      ready: items.length > 0 && !problems.some((problem) => problem.blocking),
    }),
  );
}

function summarizeWallets(
  order: readonly Address[],
  items: readonly WithdrawalItem[],
  skipped: readonly { account: TokenAccountState }[],
  feeByItem: ReadonlyMap<string, bigint>,
): WithdrawalWalletSummary[] {
  const byWallet = new Map<
    Address,
    { accounts: number; closes: number; skipped: number; rent: bigint; fee: bigint }
  >();
  const of = (wallet: Address) => {
    let found = byWallet.get(wallet);
    if (found === undefined) {
      found = { accounts: 0, closes: 0, skipped: 0, rent: 0n, fee: 0n };
      byWallet.set(wallet, found);
    }
    return found;
  };
  for (const wallet of order) of(wallet);
  for (const item of items) {
    const wallet = of(item.wallet);
    wallet.accounts += 1;
    if (item.closeTo !== null) wallet.closes += 1;
    wallet.rent += item.reclaimedRent;
    wallet.fee += feeByItem.get(item.itemId) ?? 0n;
  }
  for (const { account } of skipped) of(account.owner).skipped += 1;
  return [...byWallet].map(([wallet, counts]) =>
    Object.freeze({
      wallet,
      accounts: counts.accounts,
      closes: counts.closes,
      skipped: counts.skipped,
      reclaimedRent: counts.rent,
      feeLamports: counts.fee,
    }),
  );
}

function summarizeMints(
  input: PlanTokenWithdrawalInput,
  items: readonly WithdrawalItem[],
): WithdrawalMintSummary[] {
  const byMint = new Map<Address, WithdrawalItem[]>();
  for (const item of items) {
    const list = byMint.get(item.mint);
    if (list) list.push(item);
    else byMint.set(item.mint, [item]);
  }
  const summaries: WithdrawalMintSummary[] = [];
  for (const [address, moved] of byMint) {
    const mint = input.mints.get(address);
    const masterAccount = input.masterAccounts.get(address);
    if (mint === undefined || masterAccount === undefined) continue;
    const state = masterAccount.state;
    const before = typeof state === 'object' ? state.amount : 0n;
    const amount = moved.reduce((sum, item) => sum + item.amount, 0n);
    const received = moved.reduce((sum, item) => sum + item.received, 0n);
    summaries.push(
      Object.freeze({
        mint,
        fee: transferFeeIn(mint, input.epoch),
        accounts: moved.length,
        wallets: new Set(moved.map((item) => item.wallet)).size,
        amount,
        received,
        masterAccount: masterAccount.address,
        masterAccountExists: state !== 'missing',
        masterBefore: before,
        masterAfter: before + received,
        accountRent: state === 'missing' ? associatedAccountRent(mint) : 0n,
      }),
    );
  }
  return summaries;
}
