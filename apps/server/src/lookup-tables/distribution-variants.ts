import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  planSolDistribution,
  type Address,
  type DistributeSolInput,
  type LookupTableChoice,
  type LookupTableSetupPlan,
  type SolPlan,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { TableRef } from '../sol-operations/sol-plan-build';
import { tableAddressesOf } from './lookup-table-repository';
import {
  measureSetupUnits,
  setupSpend,
  setupUnitLimit,
  tablePacking,
  type TablePacking,
} from './lookup-table-variant';
import { readUsableTables } from './read-tables';

/** The distribution through the tenant's lookup tables, beside the legacy one. */
export interface TableVariant {
  readonly plan: SolPlan;
  readonly setup: LookupTableSetupPlan;
  readonly setupUnitLimit: bigint;
  /** Per transaction of `plan`: the table it loads from (null: legacy), and its exact size. */
  readonly refs: readonly (TableRef | null)[];
  readonly sizes: readonly number[];
}

export interface DistributionVariants {
  readonly legacy: SolPlan;
  /** Null when the chain would not simulate a table's setup; `unavailable` says why. */
  readonly table: TableVariant | null;
  readonly unavailable: string | null;
  readonly chosen: 'legacy' | 'lookupTable';
}

/**
 * Plans a distribution both ways (issue 17): legacy transactions of 20 transfers, and v0 ones of
 * 54 or more loading the recipients from the tenant's tables after a setup that puts every
 * missing recipient in one. `auto` takes the one cheaper in fees, so a table is built only where
 * it already pays; its rent is a deposit (recoverable by closing the table), shown, not counted.
 */
export async function planDistributionVariants(context: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly tenantId: string;
  readonly choice: LookupTableChoice;
  readonly price: bigint;
  /** Core's input, without `packing` and `masterSpendsBesides`. */
  readonly input: DistributeSolInput;
}): Promise<DistributionVariants> {
  const { input } = context;
  const legacy = planSolDistribution(input);
  const master = input.master;
  const wanted = legacy.transactions.flatMap((tx) => tx.transfers.map((t) => t.to as Address));
  if (context.choice === 'never' || master === null || wanted.length === 0) {
    return { legacy, table: null, unavailable: null, chosen: 'legacy' };
  }
  const authority = master.address as Address;
  const stored = await withTenant(context.db, context.tenantId, (tx) =>
    tableAddressesOf(tx, authority),
  );
  const tables = await readUsableTables(context.pool, stored, authority);
  const existing = tables.map((table) => ({
    address: table.tableAddress as string as Address,
    addresses: table.addresses.map((entry) => entry as string as Address),
  }));
  const held = new Set(existing.flatMap((table) => table.addresses));
  const missing = wanted.filter((entry) => !held.has(entry));
  let limit = 0n;
  if (missing.length > 0) {
    const probe = tablePacking({
      master: authority,
      tables: existing,
      wanted,
      setupUnitLimit: 1n,
      microLamportsPerUnit: context.price,
    });
    const measured = await measureSetupUnits(
      context.pool,
      authority,
      missing.slice(0, probe.setup.addressesPerExtend),
      context.price,
    );
    if ('unavailable' in measured) {
      return { legacy, table: null, unavailable: measured.unavailable, chosen: 'legacy' };
    }
    limit = setupUnitLimit(measured.units);
  }
  const packing: TablePacking = tablePacking({
    master: authority,
    tables: existing,
    wanted,
    setupUnitLimit: limit,
    microLamportsPerUnit: context.price,
  });
  const plan = planSolDistribution({
    ...input,
    packing: packing.pack,
    masterSpendsBesides: setupSpend(packing.setup),
  });
  const table: TableVariant = {
    plan,
    setup: packing.setup,
    setupUnitLimit: limit,
    refs: packing.refs(),
    sizes: packing.sizes(),
  };
  const tableFees = plan.totalFees + packing.setup.fees;
  const chosen =
    context.choice === 'always' || tableFees < legacy.totalFees ? 'lookupTable' : 'legacy';
  return { legacy, table, unavailable: null, chosen };
}

/** The plan's non-blocking note when the operator asked for a table that cannot be had. */
export function tableUnavailableProblem(reason: string) {
  return {
    code: 'SOL_PLAN__LOOKUP_TABLE_UNAVAILABLE' as const,
    message: new FleetError('SOL_PLAN__LOOKUP_TABLE_UNAVAILABLE', { reason }).message,
    address: null,
    blocking: false,
  };
}
