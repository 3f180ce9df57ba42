import { waitUntilUsable, type EndpointPool, type OnChainLookupTable } from '@fleet/chain';
import type { Clock } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import type { TableRef } from '../sol-operations/sol-plan-build';
import { readUsableTables } from './read-tables';
import { tableAddressOf, tableKey } from './table-steps';

/**
 * The tables an operation's v0 transfers load from, as the chain holds them once the setup is
 * over, keyed by `tableKey`: their addresses in on-chain order (what a v0 message indexes). A
 * table that was never created, or is no longer usable, is missing from the map. Waits until the
 * last extension is loadable (from the slot after it), so no transfer fails on a fresh index.
 */
export async function transferTables(context: {
  readonly pool: EndpointPool;
  readonly tx: <T>(work: (tx: TenantDatabase) => Promise<T>) => Promise<T>;
  readonly operationId: string;
  readonly master: string;
  readonly refs: readonly TableRef[];
  readonly clock: Clock;
  readonly signal: AbortSignal;
}): Promise<Map<string, OnChainLookupTable>> {
  const byAddress = new Map<string, string>();
  for (const ref of context.refs) {
    const address = await context.tx((tx) => tableAddressOf(tx, context.operationId, ref));
    if (address !== null) byAddress.set(address, tableKey(ref));
  }
  const tables = await readUsableTables(context.pool, [...byAddress.keys()], context.master);
  const newest = tables.reduce<(typeof tables)[number] | null>(
    (latest, table) =>
      latest === null || table.lastExtendedSlot > latest.lastExtendedSlot ? table : latest,
    null,
  );
  if (newest) {
    await waitUntilUsable(context.pool.rpc, newest, {
      clock: context.clock,
      signal: context.signal,
      maxWaitMs: 30_000,
    });
  }
  const loaded = new Map<string, OnChainLookupTable>();
  for (const table of tables) {
    const key = byAddress.get(table.tableAddress);
    if (key !== undefined) {
      loaded.set(key, { tableAddress: table.tableAddress, addresses: table.addresses });
    }
  }
  return loaded;
}
