import { FleetError } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, inArray, isNull } from 'drizzle-orm';

/** Ids per `IN (…)` list: well under the 65,535 bind parameters of one statement. */
export const ID_CHUNK = 1000;

/** `items` in slices of `size`, for statements with a bounded number of parameters. */
export function chunksOf<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/**
 * The distinct ids, after checking every one is an active wallet of the tenant the transaction is
 * bound to. An unknown, archived or foreign id (RLS hides other tenants' rows, so they look
 * unknown) refuses the whole request before anything is written: bulk edits are all-or-nothing.
 * `includeArchived` accepts archived wallets too, for taking them out of something.
 */
export async function requireActiveWallets(
  tx: TenantDatabase,
  walletIds: readonly string[],
  options: { readonly includeArchived?: boolean } = {},
): Promise<string[]> {
  const { wallets } = schema;
  const ids = [...new Set(walletIds.map((id) => id.toLowerCase()))];
  const found = new Set<string>();
  for (const chunk of chunksOf(ids)) {
    const rows = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(
        options.includeArchived
          ? inArray(wallets.id, chunk)
          : and(inArray(wallets.id, chunk), isNull(wallets.archivedAt)),
      );
    for (const row of rows) found.add(row.id);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new FleetError('WALLET__SOME_NOT_FOUND', {
      missing: missing.length,
      firstMissing: missing[0] ?? '',
    });
  }
  return ids;
}
