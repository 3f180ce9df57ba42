// How a SOL operation's job signs one of its transactions: a transfer as its build says (v0
// through the table it loads from once that table is read, legacy when it was cut again), or a
// lookup table's create or extension (decision 027). Nothing here stores or sends.

import type { EndpointPool, OnChainLookupTable, TransactionLifetime } from '@fleet/chain';
import type { Address, LedgerItem, LedgerTransaction } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import type { RecorderInput } from '../ledger/ledger-repository';
import { recentSlotsOf } from '../lookup-tables/lookup-table-repository';
import { createSlotPicker, signSetupStep, tableKey } from '../lookup-tables/table-steps';
import { computeUnitLimitFor, storedComputeUnitModel } from './compute-units';
import type { createSigningKeys } from './signing-keys';
import type { PlanTransactionBuild, SolPlanBuild } from './sol-plan-build';
import { signTransfers } from './transfer-signing';

type SetupStep = NonNullable<SolPlanBuild['lookupTables']>['setup'][number];

export interface SignableEntry {
  readonly tx: LedgerTransaction;
  readonly setupStep: number | null;
}

export interface SignedWire {
  readonly signature: string;
  readonly lastValidBlockHeight: bigint;
  readonly wireBase64: string;
}

export function createOperationSigner(deps: {
  readonly build: SolPlanBuild;
  readonly bound: <T>(work: (tx: TenantDatabase) => Promise<T>) => Promise<T>;
  readonly pool: EndpointPool;
  readonly tenantId: string;
  readonly operationId: string;
  readonly keys: ReturnType<typeof createSigningKeys>;
  /** The operation's items in build order: its transactions name items by their place. */
  readonly items: readonly LedgerItem[];
  readonly itemsOf: (tx: LedgerTransaction) => LedgerItem[];
  readonly stepOf: (entry: SignableEntry) => SetupStep | undefined;
  readonly now: () => Date;
}) {
  const { build, keys } = deps;
  const price = BigInt(build.microLamportsPerUnit);
  const model = storedComputeUnitModel(build.computeUnits);
  const specByPosition = new Map<number, PlanTransactionBuild>();
  for (const spec of build.transactions) {
    for (const position of spec.items) specByPosition.set(position, spec);
  }
  const positionOf = new Map(deps.items.map((item, index) => [item.id, index]));
  /** The tables the v0 transfers load from, read once the setup is over (`tableKey` → table). */
  let tables = new Map<string, OnChainLookupTable>();

  /** The build of a transfer transaction, and whether it is the plan's own (not cut again). */
  const specOf = (tx: LedgerTransaction) => {
    const items = deps.itemsOf(tx);
    const first = items[0];
    const position = first ? positionOf.get(first.id) : undefined;
    const spec = position === undefined ? undefined : specByPosition.get(position);
    if (!first || !spec) throw new Error(`transaction ${tx.id} has no planned build`);
    return { items, first, spec, asPlanned: spec.items.length === items.length };
  };

  const signTransfer = (entry: SignableEntry, lifetime: TransactionLifetime) => {
    const { items, first, spec, asPlanned } = specOf(entry.tx);
    // Without its table it goes legacy: `prepareTransfers` cut it, and a cut of 20 transfers or
    // fewer holds all of the plan's transaction, so it looks like the plan's own.
    const table = asPlanned && spec.table ? tables.get(tableKey(spec.table)) : undefined;
    return signTransfers({
      transactionId: entry.tx.id,
      items,
      feePayer: (spec.feePayer ?? first.from) as Address,
      computeUnitLimit: asPlanned
        ? BigInt(spec.computeUnitLimit)
        : computeUnitLimitFor(model, items.length),
      microLamportsPerUnit: price,
      table,
      lifetime,
      signerFor: (address) => keys.signerFor(address),
    });
  };

  // One picker per run, made once even when several creates ask at the same moment.
  let picker: Promise<() => Promise<bigint>> | null = null;
  const slotPicker = () =>
    (picker ??= deps
      .bound((tx) => recentSlotsOf(tx, build.master))
      .then((used) => createSlotPicker(deps.pool, used)));

  return {
    specOf,
    /** The tables as read once the setup is over. */
    useTables(read: Map<string, OnChainLookupTable>): void {
      tables = read;
    },
    async sign(
      entry: SignableEntry,
      lifetime: TransactionLifetime,
    ): Promise<{ readonly signed: SignedWire; readonly alongside: RecorderInput['alongside'] }> {
      const step = deps.stepOf(entry);
      if (!step) return { signed: await signTransfer(entry, lifetime), alongside: undefined };
      return signSetupStep({
        recentSlot: await slotPicker(),
        tx: deps.bound,
        tenantId: deps.tenantId,
        operationId: deps.operationId,
        master: build.master as Address,
        step,
        lifetime,
        computeBudget: {
          unitLimit: Number(build.lookupTables?.computeUnitLimit ?? 0),
          microLamportsPerUnit: price,
        },
        signerFor: (address) => keys.signerFor(address),
        now: deps.now,
      });
    },
  };
}
