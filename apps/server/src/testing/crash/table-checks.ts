// The checks of a distribution through new lookup tables after kill -9s (issue 17, "Trust" 1 with
// decision 027's setup steps): the ledger as the dead server left it, against the chain, the
// tables' own checks beside those of every operation (`ledger-checks.ts`). Pure, so a test can
// feed it a broken history and see each count move.

import type { LookupTableAccount } from '@fleet/chain';
import type { OperationLedger } from './crash-ledger';
import { checkLedger, type LedgerChecks } from './ledger-checks';

export interface TableChecks extends LedgerChecks {
  /** Creates in the plan: the tables that must exist afterwards. */
  readonly planned: number;
  /** `lookup_tables` rows of the operation whose create the ledger has as confirmed. */
  readonly createdInLedger: number;
  /** Tables on chain with the master as authority that were not there before the operation. */
  readonly createdOnChain: number;
  /** New tables on chain that no confirmed create of the ledger names (a step created twice). */
  readonly strayTables: number;
  /** Creates signed in all, re-signs after expiry included (each wrote a `lookup_tables` row). */
  readonly createsSigned: number;
  /** Tables (new or extended) that do not hold exactly the planned addresses, each once. */
  readonly wrongTables: number;
  /** Rent the master deposited in what landed: the new tables' lamports, the old ones' growth. */
  readonly rentLamports: bigint;
}

export function checkTableDistribution(input: {
  readonly ledger: OperationLedger;
  /** Tables on chain with the master as authority, after the operation. */
  readonly chainTables: readonly LookupTableAccount[];
  /** The master's tables before the operation: address → lamports. */
  readonly tablesBefore: ReadonlyMap<string, bigint>;
  /** Which of the ledger's signatures the chain has. */
  readonly landed: ReadonlyMap<string, unknown>;
  /** Signatures that touched the master since before the operation. */
  readonly masterSignatures: ReadonlySet<string>;
}): TableChecks {
  const { ledger, chainTables } = input;
  const stateOf = new Map(ledger.transactions.map((tx) => [tx.id, tx.state]));
  const onChain = new Map(chainTables.map((table) => [String(table.tableAddress), table]));

  const confirmedRows = ledger.tables.filter(
    (row) => stateOf.get(row.createTransactionId) === 'confirmed',
  );
  const confirmedAddresses = new Set(confirmedRows.map((row) => row.address));
  const fresh = chainTables.filter((table) => !input.tablesBefore.has(String(table.tableAddress)));

  // What each table must hold once the setup is over: a new table exactly its extensions'
  // addresses; an existing one each added address once more.
  const plannedNew = new Map<number, string[]>();
  const plannedFill = new Map<string, string[]>();
  for (const step of ledger.setup) {
    if (step.kind === 'create') {
      plannedNew.set(step.newTable, plannedNew.get(step.newTable) ?? []);
    } else if ('newTable' in step.table) {
      const list = plannedNew.get(step.table.newTable) ?? [];
      plannedNew.set(step.table.newTable, [...list, ...step.addresses]);
    } else {
      const list = plannedFill.get(step.table.existing) ?? [];
      plannedFill.set(step.table.existing, [...list, ...step.addresses]);
    }
  }
  let wrongTables = 0;
  for (const [index, addresses] of plannedNew) {
    const rows = confirmedRows.filter((row) => row.newTable === index);
    const table = rows.length === 1 ? onChain.get(rows[0]?.address ?? '') : undefined;
    if (!table || !sameOnce(table.addresses.map(String), addresses)) wrongTables += 1;
  }
  for (const [address, added] of plannedFill) {
    const held = onChain.get(address)?.addresses.map(String) ?? [];
    if (added.some((entry) => held.filter((h) => h === entry).length !== 1)) wrongTables += 1;
  }

  return {
    planned: ledger.setup.filter((step) => step.kind === 'create').length,
    createdInLedger: confirmedRows.length,
    createdOnChain: fresh.length,
    strayTables: fresh.filter((table) => !confirmedAddresses.has(String(table.tableAddress)))
      .length,
    createsSigned: ledger.tables.length,
    wrongTables,
    ...checkLedger({
      transactions: ledger.transactions,
      landed: input.landed,
      masterSignatures: input.masterSignatures,
    }),
    // New tables the ledger created, and what the tables the master had grew by.
    rentLamports: chainTables.reduce((sum, table) => {
      const address = String(table.tableAddress);
      const before = input.tablesBefore.get(address);
      if (before !== undefined) return sum + table.lamports - before;
      return confirmedAddresses.has(address) ? sum + table.lamports : sum;
    }, 0n),
  };
}

/** `held` is `planned` in some order, each address exactly once. */
function sameOnce(held: readonly string[], planned: readonly string[]): boolean {
  const wanted = new Set(planned);
  return (
    held.length === planned.length &&
    wanted.size === planned.length &&
    new Set(held).size === held.length &&
    held.every((entry) => wanted.has(entry))
  );
}
