import { FleetError } from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DATA_KEY_ALGORITHM, unwrapDataKey, wrapDataKey } from './data-key-wrap';
import { assertIsKek, type Kek } from './kek';

const { tenants, tenantDataKeys } = schema;

export interface RotateKekOptions {
  readonly db: FleetDatabase;
  /** Every KEK that may still wrap a data key (the current one and any older ones). */
  readonly from: readonly Kek[];
  readonly to: Kek;
  /** Called after each tenant's transaction has committed; a throw stops the run there. */
  readonly onProgress?: (progress: RotateKekProgress) => void | Promise<void>;
}

export interface RotateKekProgress {
  readonly tenantId: string;
  readonly tenantsDone: number;
  readonly tenantsTotal: number;
  readonly rewrapped: number;
  readonly alreadyCurrent: number;
}

export interface RotateKekResult {
  /** Tenants visited. */
  readonly tenants: number;
  /** Data keys moved to `to` by this run. */
  readonly rewrapped: number;
  /** Data keys that were already wrapped by `to` (from an earlier, interrupted run, or new). */
  readonly alreadyCurrent: number;
}

/**
 * Re-wraps every tenant's data keys under `to`, one tenant per transaction. Each transaction is
 * all-or-nothing and skips keys already under `to`, so an interrupted run is finished by running
 * it again, and a finished run changes nothing. Secret-key ciphertexts are never touched: only the
 * wrapping of the data keys changes, not the data keys themselves.
 */
export async function rotateKek(options: RotateKekOptions): Promise<RotateKekResult> {
  const { db, to, onProgress } = options;
  for (const kek of [...options.from, to]) assertIsKek(kek);
  const sources = new Map(options.from.map((kek) => [kek.id, kek]));
  const tenantIds = (
    await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))
  ).map((row) => row.id);

  let rewrapped = 0;
  let alreadyCurrent = 0;
  let tenantsDone = 0;
  for (const tenantId of tenantIds) {
    const counts = await withTenant(db, tenantId, async (tx) => {
      // Locked so that a second rotation running at the same time waits instead of racing.
      const stale = await tx
        .select()
        .from(tenantDataKeys)
        .where(and(eq(tenantDataKeys.tenantId, tenantId), ne(tenantDataKeys.kekId, to.id)))
        .orderBy(asc(tenantDataKeys.version))
        .for('update');
      for (const row of stale) {
        const slot = { tenantId, version: row.version };
        if (row.algorithm !== DATA_KEY_ALGORITHM) {
          throw new FleetError('VAULT__UNKNOWN_ALGORITHM', { tenantId, version: row.version });
        }
        const source = sources.get(row.kekId);
        if (source === undefined) {
          throw new FleetError('VAULT__KEK_NOT_GIVEN', {
            tenantId,
            version: row.version,
            kekId: row.kekId,
          });
        }
        const dataKey = unwrapDataKey(source, slot, row.wrappedKey);
        if (dataKey === undefined) {
          throw new FleetError('VAULT__KEK_DOES_NOT_OPEN', {
            tenantId,
            version: row.version,
            kekId: row.kekId,
          });
        }
        let wrappedKey: Uint8Array;
        try {
          wrappedKey = wrapDataKey(to, slot, dataKey);
        } finally {
          dataKey.fill(0);
        }
        await tx
          .update(tenantDataKeys)
          .set({ wrappedKey, kekId: to.id, rewrappedAt: sql`now()` })
          .where(
            and(
              eq(tenantDataKeys.tenantId, tenantId),
              eq(tenantDataKeys.version, row.version),
              eq(tenantDataKeys.kekId, row.kekId),
            ),
          );
      }
      const current = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(tenantDataKeys)
        .where(and(eq(tenantDataKeys.tenantId, tenantId), eq(tenantDataKeys.kekId, to.id)));
      return { rewrapped: stale.length, alreadyCurrent: (current[0]?.count ?? 0) - stale.length };
    });
    rewrapped += counts.rewrapped;
    alreadyCurrent += counts.alreadyCurrent;
    tenantsDone += 1;
    await onProgress?.({
      tenantId,
      tenantsDone,
      tenantsTotal: tenantIds.length,
      rewrapped,
      alreadyCurrent,
    });
  }
  return { tenants: tenantIds.length, rewrapped, alreadyCurrent };
}
