import type { LookupTableComparisonView } from '@fleet/core';
import type { ComputeUnitModel } from '../sol-operations/compute-units';
import type { SolPlanBuild } from '../sol-operations/sol-plan-build';
import { costsOf, transferTransactions, type TablesOfView } from '../sol-operations/sol-plan-view';
import type { DistributionVariants, TableVariant } from './distribution-variants';

export function tablesOfView(table: TableVariant): TablesOfView {
  return {
    setup: table.setup,
    setupUnitLimit: table.setupUnitLimit,
    v0: table.refs.map((ref) => ref !== null),
    sizes: table.sizes,
  };
}

/** Both ways side by side, per paid recipient too; null when there was only one way. */
export function comparisonOf(
  variants: DistributionVariants,
  model: ComputeUnitModel,
  price: bigint,
  recipients: number,
): LookupTableComparisonView | null {
  const { table } = variants;
  if (table === null) return null;
  const paid = variants.legacy.transactions.reduce((n, tx) => n + tx.transfers.length, 0);
  const legacy = costsOf(
    transferTransactions('sol.distribute', variants.legacy, model, price),
    paid || recipients,
  );
  const through = costsOf(
    transferTransactions('sol.distribute', table.plan, model, price, tablesOfView(table)),
    paid || recipients,
    { fee: table.setup.fees, rent: table.setup.rent },
  );
  return {
    chosen: variants.chosen,
    legacy,
    lookupTable: {
      ...through,
      transactions: through.transactions + table.setup.transactionCount,
      tablesToCreate: table.setup.newTables.length,
      addressesToAdd:
        table.setup.fills.reduce((n, fill) => n + fill.addresses.length, 0) +
        table.setup.newTables.reduce((n, created) => n + created.addresses.length, 0),
    },
  };
}

/** What the execution signs first: each create and extension, in order. */
export function setupBuild(table: TableVariant): NonNullable<SolPlanBuild['lookupTables']> {
  return {
    computeUnitLimit: table.setupUnitLimit.toString(),
    setup: table.setup.transactions.map((tx) =>
      tx.kind === 'create'
        ? { kind: 'create' as const, newTable: tx.table.newTable }
        : {
            kind: 'extend' as const,
            table: 'existing' in tx.table ? { existing: tx.table.existing } : tx.table,
            addresses: [...tx.addresses],
          },
    ),
  };
}
