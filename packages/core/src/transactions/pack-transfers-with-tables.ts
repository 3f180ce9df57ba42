import { err, ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import type { ItemDoesNotFit, LookupTableInput } from './pack-instructions';
import { packTransfers, type PlannedTransaction, type TransferItem } from './pack-transfers';

export interface PackTransfersWithTablesInput {
  readonly feePayer: Address;
  readonly transfers: readonly TransferItem[];
  /** The tenant's tables, each with its addresses in on-chain order (as `readLookupTable` reads). */
  readonly tables: readonly LookupTableInput[];
  /** Whether each transaction carries SetComputeUnitLimit and SetComputeUnitPrice. */
  readonly computeBudget: boolean;
}

/**
 * Packs transfers so that each transaction loads its recipients from one table: transfers are
 * grouped by the first table that holds the recipient (in the order the tables are given) and
 * each group is packed v0 through that table alone, so no transaction pays 32 bytes for a second
 * table's address. Transfers whose recipient is in no table are packed last, legacy: with nothing
 * to load, v0 would only add its two bytes of version and lookups. Within a group the transfers
 * keep their order; every transfer lands in exactly one transaction.
 */
export function packTransfersWithTables(
  input: PackTransfersWithTablesInput,
): Result<readonly PlannedTransaction[], ItemDoesNotFit> {
  const holders = input.tables.map((table) => new Set(table.addresses));
  const groups = input.tables.map((): TransferItem[] => []);
  const unloaded: TransferItem[] = [];
  for (const transfer of input.transfers) {
    const index = holders.findIndex((holder) => holder.has(transfer.to));
    const group = groups[index];
    if (group === undefined) unloaded.push(transfer);
    else group.push(transfer);
  }

  const planned: PlannedTransaction[] = [];
  const packGroup = (
    transfers: readonly TransferItem[],
    version: 'legacy' | { readonly v0: LookupTableInput },
  ): ItemDoesNotFit | null => {
    if (transfers.length === 0) return null;
    const packed = packTransfers({
      feePayer: input.feePayer,
      transfers,
      version,
      computeBudget: input.computeBudget,
    });
    if (!packed.ok) return packed.error;
    planned.push(...packed.value);
    return null;
  };
  for (const [index, table] of input.tables.entries()) {
    const refused = packGroup(groups[index] ?? [], { v0: table });
    if (refused !== null) return err(refused);
  }
  const refused = packGroup(unloaded, 'legacy');
  if (refused !== null) return err(refused);
  return ok(Object.freeze(planned));
}
