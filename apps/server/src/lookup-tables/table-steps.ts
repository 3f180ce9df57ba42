import {
  buildSignedInstructions,
  type EndpointPool,
  type SignedInstructions,
  type SignerFor,
  type TransactionLifetime,
} from '@fleet/chain';
import {
  createLookupTableInstruction,
  extendLookupTableInstruction,
  type Address,
} from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import type { SetupStep, TableRef } from '../sol-operations/sol-plan-build';
import { createdTableOf, insertLookupTable } from './lookup-table-repository';

export interface SignedStep {
  readonly signed: SignedInstructions;
  /**
   * What must commit with the signed row, in the same database transaction: a create's table
   * address, so a crash after the broadcast still knows where the table is.
   */
  readonly alongside: (tx: TenantDatabase, transactionId: string) => Promise<void>;
}

/**
 * Signs one setup step of an operation (decision 027): a create names a recent finalized slot
 * (which the SlotHashes sysvar holds) and so fixes the table's address; an extension of a new table
 * finds that address from the create that landed. Master signs and pays both.
 */
export async function signSetupStep(context: {
  readonly tx: <T>(work: (tx: TenantDatabase) => Promise<T>) => Promise<T>;
  readonly tenantId: string;
  readonly operationId: string;
  readonly master: Address;
  readonly step: SetupStep;
  readonly lifetime: TransactionLifetime;
  readonly computeBudget: { readonly unitLimit: number; readonly microLamportsPerUnit: bigint };
  readonly signerFor: SignerFor;
  readonly now: () => Date;
  /** A recent slot no other create of this master named (`createSlotPicker`). */
  readonly recentSlot: () => Promise<bigint>;
}): Promise<SignedStep> {
  const { step, master } = context;
  const sign = (
    instruction: Parameters<typeof buildSignedInstructions>[0]['instructions'][number],
  ) =>
    buildSignedInstructions(
      {
        feePayer: master,
        instructions: [instruction],
        lifetime: context.lifetime,
        computeBudget: context.computeBudget,
      },
      context.signerFor,
    );
  if (step.kind === 'create') {
    const recentSlot = await context.recentSlot();
    const { instruction, tableAddress } = createLookupTableInstruction({
      authority: master,
      payer: master,
      recentSlot,
    });
    return {
      signed: await sign(instruction),
      alongside: (tx, transactionId) =>
        insertLookupTable(tx, {
          tenantId: context.tenantId,
          address: tableAddress,
          authority: master,
          recentSlot,
          operationId: context.operationId,
          newTable: step.newTable,
          createTransactionId: transactionId,
          now: context.now(),
        }),
    };
  }
  const table = await context.tx((tx) => tableAddressOf(tx, context.operationId, step.table));
  if (table === null) throw new Error(`the table of step ${JSON.stringify(step)} was not created`);
  const instruction = extendLookupTableInstruction({
    table: table as Address,
    authority: master,
    payer: master,
    addresses: step.addresses as Address[],
  });
  return { signed: await sign(instruction), alongside: async () => {} };
}

/** A table the tenant had, or the address of the operation's n-th new table once it landed. */
export function tableAddressOf(
  tx: TenantDatabase,
  operationId: string,
  ref: TableRef,
): Promise<string | null> {
  return 'existing' in ref
    ? Promise.resolve(ref.existing)
    : createdTableOf(tx, operationId, ref.newTable);
}

/** One key per table reference, for maps. */
export function tableKey(ref: TableRef): string {
  return 'existing' in ref ? `existing:${ref.existing}` : `new:${ref.newTable}`;
}

/** How far back a create may look for its slot: well inside SlotHashes' 512. */
const RECENT_SLOTS = 150n;

/**
 * Hands each create of a master its own recent slot. Two creates naming one slot would name one
 * table address, and signed within one blockhash's reuse they would be the same bytes: the
 * second would fail, and its step would wait for nothing. Slots come from `getBlocks` (a skipped
 * slot is not in SlotHashes and the program refuses it), newest first, never one this master's
 * tables already named (`used`, read from `lookup_tables`, so a restarted job remembers).
 */
export function createSlotPicker(pool: EndpointPool, used: Iterable<bigint>) {
  const taken = new Set(used);
  return async (): Promise<bigint> => {
    const finalized = await pool.rpc.getSlot({ commitment: 'finalized' }).send();
    const from = finalized > RECENT_SLOTS ? finalized - RECENT_SLOTS : 0n;
    const blocks = await pool.rpc.getBlocks(from, finalized, { commitment: 'finalized' }).send();
    for (let index = blocks.length - 1; index >= 0; index--) {
      const slot = blocks[index];
      if (slot === undefined || taken.has(slot)) continue;
      taken.add(slot);
      return slot;
    }
    throw new Error(`no recent slot left for a lookup table (${taken.size} taken)`);
  };
}
