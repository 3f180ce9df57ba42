import { ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import type { Lamports } from '../primitives/lamports';
import { computeBudgetShapes } from './compute-budget';
import type { MessageLayout } from './message-size';
import { packInstructions, type ItemDoesNotFit, type PackFormat } from './pack-instructions';
import { systemTransferShape } from './system-transfer';

/** One SOL movement of a distribution or a withdrawal; `itemId` ties it back to its plan row. */
export interface TransferItem {
  readonly itemId: string;
  readonly from: Address;
  readonly to: Address;
  readonly lamports: Lamports;
}

export interface PackTransfersInput {
  readonly feePayer: Address;
  readonly transfers: readonly TransferItem[];
  readonly version: PackFormat;
  /** Whether each transaction carries SetComputeUnitLimit and SetComputeUnitPrice (52 bytes). */
  readonly computeBudget: boolean;
}

/** One transaction of a plan: what it moves, what it weighs and who must sign it. */
export interface PlannedTransaction {
  readonly version: 'legacy' | 'v0';
  readonly transfers: readonly TransferItem[];
  /** The sum of its transfers' lamports. */
  readonly lamports: bigint;
  /** Serialized bytes, signatures included (at most 1232). */
  readonly size: number;
  /** Distinct accounts referenced, static and loaded (at most 64). */
  readonly accountLocks: number;
  /** The fee payer, then every distinct sender. */
  readonly signers: readonly Address[];
  /** What `transactionFee` charges 5000 lamports each for. */
  readonly signatures: number;
  readonly computeBudget: boolean;
  readonly layout: MessageLayout;
}

/**
 * Packs SOL transfers greedily, in order, by their exact wire size and account locks (21 to a
 * legacy transaction, 20 with the compute budget; 57 and 54 in v0 when a table holds the
 * recipients), each transfer in exactly one transaction.
 */
export function packTransfers(
  input: PackTransfersInput,
): Result<readonly PlannedTransaction[], ItemDoesNotFit> {
  const packed = packInstructions({
    feePayer: input.feePayer,
    format: input.version,
    prefix: input.computeBudget ? computeBudgetShapes() : [],
    items: input.transfers.map((transfer) => ({
      transfer,
      itemId: transfer.itemId,
      instructions: [systemTransferShape(transfer)],
    })),
  });
  if (!packed.ok) return packed;
  const transactions = packed.value.map(({ items, layout }): PlannedTransaction => {
    const transfers = Object.freeze(items.map((item) => item.transfer));
    return Object.freeze({
      version: layout.version,
      transfers,
      lamports: transfers.reduce((sum, transfer) => sum + transfer.lamports, 0n),
      size: layout.size,
      accountLocks: layout.accountLocks,
      signers: layout.signers,
      signatures: layout.signers.length,
      computeBudget: input.computeBudget,
      layout,
    });
  });
  return ok(Object.freeze(transactions));
}

/**
 * What one planned transaction does to each account's lamports once it lands, given the fee it
 * was charged: senders lose what they send, recipients gain it, the fee payer also loses the fee.
 * The changes sum to minus the fee, so what a plan takes from the fleet is what it sends plus fees.
 */
export function balanceChanges(
  transaction: PlannedTransaction,
  fee: bigint,
): ReadonlyMap<Address, bigint> {
  const changes = new Map<Address, bigint>();
  const add = (account: Address, amount: bigint): void => {
    changes.set(account, (changes.get(account) ?? 0n) + amount);
  };
  const [feePayer] = transaction.signers;
  if (feePayer !== undefined) add(feePayer, -fee);
  for (const transfer of transaction.transfers) {
    add(transfer.from, 0n - transfer.lamports);
    add(transfer.to, transfer.lamports);
  }
  return changes;
}
