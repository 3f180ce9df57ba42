import { err, ok, type Result } from '../errors/result';
import type { PlanProblem } from '../ledger/sol-plan';
import type { Address } from '../primitives/address';
import type { ItemDoesNotFit } from '../transactions/pack-instructions';
import {
  packTokenTransfers,
  type PlannedTokenTransaction,
  type TokenTransferComputeUnits,
  type TokenTransferItem,
} from './pack-token-transfers';
import { masterSolProblems, planProblem } from './plan-token-withdrawal';
import {
  associatedAccountRent,
  transferFeeIn,
  type AssociatedAccountState,
  transferFeeOf,
  type MintState,
  type TokenAccountState,
  type TransferFee,
} from './token-layouts';

/** Why a recipient is left out (the contract's `DISTRIBUTE_SKIP_REASONS`). */
export type DistributeSkip =
  | 'zero amount'
  | 'master'
  | 'recipient account frozen'
  | 'recipient account requires memo'
  | 'recipient account not associated';

export interface DistributionRecipient {
  readonly address: Address;
  readonly amount: bigint;
  /** The recipient's associated account for the mint and what is there now. */
  readonly account: { readonly address: Address; readonly state: AssociatedAccountState };
}

export interface PlanTokenDistributionInput {
  readonly master: { readonly address: Address; readonly lamports: bigint };
  readonly mint: MintState;
  /** The master's account the tokens leave from; null when the master holds none of the mint. */
  readonly source: TokenAccountState | null;
  readonly recipients: readonly DistributionRecipient[];
  readonly epoch: bigint;
  readonly microLamportsPerComputeUnit: bigint;
  readonly computeUnits?: TokenTransferComputeUnits;
}

export interface DistributionItem extends TokenTransferItem {
  readonly recipient: Address;
  /** What arrives: the amount less the mint's transfer fee, withheld at the recipient's account. */
  readonly received: bigint;
  /** Rent the master deposits in the recipient's new account (0 when it exists). */
  readonly accountRent: bigint;
  /** The recipient account's balance now. */
  readonly before: bigint;
}

export interface TokenDistributionPlan {
  readonly items: readonly DistributionItem[];
  readonly transactions: readonly PlannedTokenTransaction[];
  readonly skipped: readonly { readonly address: Address; readonly reason: DistributeSkip }[];
  readonly fee: TransferFee | null;
  readonly amount: bigint;
  readonly received: bigint;
  readonly accountsToCreate: number;
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
  readonly masterTokenBefore: bigint;
  /** Negative when the master holds less than the plan sends (see its problem). */
  readonly masterTokenAfter: bigint;
  readonly masterLamportsAfter: bigint;
  readonly problems: readonly PlanProblem[];
  readonly ready: boolean;
}

function skipOf(
  recipient: DistributionRecipient,
  input: PlanTokenDistributionInput,
): DistributeSkip | null {
  if (recipient.amount === 0n) return 'zero amount';
  if (recipient.address === input.master.address) return 'master';
  const { state } = recipient.account;
  if (state === 'foreign') return 'recipient account not associated';
  if (state === 'missing') return input.mint.defaultFrozen ? 'recipient account frozen' : null;
  if (state.frozen) return 'recipient account frozen';
  if (state.requiresIncomingMemo) return 'recipient account requires memo';
  return null;
}

/**
 * Master → recipients, one mint (issue 19): each recipient's amount by TransferChecked from the
 * master's account into the recipient's associated account, created first (idempotently, the
 * master paying its rent) when it does not exist; packed by bytes, the master the only signer.
 * A Token-2022 transfer fee is withheld at each recipient's account: what arrives is shown.
 *
 * Blocking problems: nothing to send; the mint forbids the transfer; the master's account
 * frozen, or short of the tokens; the master's SOL short of the fees and the new accounts' rent,
 * or left between 0 and the rent-exempt minimum.
 */
export function planTokenDistribution(
  input: PlanTokenDistributionInput,
): Result<TokenDistributionPlan, ItemDoesNotFit> {
  const { master, mint, source } = input;
  const fee = transferFeeIn(mint, input.epoch);
  const sourceAddress = source?.address ?? master.address;
  const items: DistributionItem[] = [];
  const skipped: { address: Address; reason: DistributeSkip }[] = [];
  for (const recipient of input.recipients) {
    const reason = skipOf(recipient, input);
    if (reason !== null) {
      skipped.push({ address: recipient.address, reason });
      continue;
    }
    const { state } = recipient.account;
    const creates = state === 'missing';
    items.push(
      Object.freeze({
        itemId: recipient.account.address,
        recipient: recipient.address,
        owner: master.address,
        source: sourceAddress,
        destination: recipient.account.address,
        mint: mint.address,
        program: mint.program,
        decimals: mint.decimals,
        amount: recipient.amount,
        closeTo: null,
        createFor: creates ? recipient.address : null,
        received: recipient.amount - transferFeeOf(fee, recipient.amount),
        accountRent: creates ? associatedAccountRent(mint) : 0n,
        before: typeof state === 'object' ? state.amount : 0n,
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

  const amount = items.reduce((sum, item) => sum + item.amount, 0n);
  const received = items.reduce((sum, item) => sum + item.received, 0n);
  const rentLamports = items.reduce((sum, item) => sum + item.accountRent, 0n);
  const feeLamports = transactions.reduce((sum, tx) => sum + tx.feeLamports, 0n);
  const masterTokenBefore = source?.amount ?? 0n;

  const problems: PlanProblem[] = [];
  if (items.length === 0) {
    problems.push(planProblem('SOL_PLAN__NOTHING_TO_DISTRIBUTE', {}, null, true));
  }
  if (mint.blocker !== null) {
    problems.push(
      planProblem(
        'TOKEN_TRANSFER__MINT_NOT_TRANSFERABLE',
        { mint: mint.address, reason: mint.blocker },
        mint.address,
        true,
      ),
    );
  }
  if (source?.frozen) {
    problems.push(
      planProblem(
        'TOKEN_TRANSFER__MASTER_ACCOUNT_FROZEN',
        { mint: mint.address, account: source.address },
        master.address,
        true,
      ),
    );
  }
  if (amount > masterTokenBefore) {
    problems.push(
      planProblem(
        'TOKEN_TRANSFER__MASTER_TOKENS_SHORT',
        {
          mint: mint.address,
          needed: amount.toString(),
          available: masterTokenBefore.toString(),
          decimals: mint.decimals,
        },
        master.address,
        true,
      ),
    );
  }
  const spent = feeLamports + rentLamports;
  const masterLamportsAfter = master.lamports - spent;
  problems.push(...masterSolProblems(master, spent));
  if (fee !== null && received !== amount) {
    problems.push(
      planProblem(
        'TOKEN_TRANSFER__TRANSFER_FEE',
        {
          mint: mint.address,
          basisPoints: fee.basisPoints,
          amount: amount.toString(),
          received: received.toString(),
          decimals: mint.decimals,
        },
        mint.address,
        false,
      ),
    );
  }

  return ok(
    Object.freeze({
      items: Object.freeze(items),
      transactions,
      skipped: Object.freeze(skipped),
      fee,
      amount,
      received,
      accountsToCreate: items.filter((item) => item.createFor !== null).length,
      rentLamports,
      feeLamports,
      masterTokenBefore,
      masterTokenAfter: masterTokenBefore - amount,
      masterLamportsAfter,
      problems: Object.freeze(problems),
      ready: items.length > 0 && !problems.some((problem) => problem.blocking),
    }),
  );
}
