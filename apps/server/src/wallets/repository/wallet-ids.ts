import { sql, type SQL } from 'drizzle-orm';

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
 * Up to 100,000 wallet ids as one bound parameter: `inArray` would bind one parameter per id and
 * break Postgres' 65,535 limit. The ids are uuids already (zod at the edge).
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
}
