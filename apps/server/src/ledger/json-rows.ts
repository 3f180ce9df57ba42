// Many rows in one statement parameter. A plan of 10,000 recipients makes 10,000 items and as many
// links; as multi-row VALUES they cost 90,000 bound parameters that the driver and the database
// parse one by one. One JSON document read by `jsonb_to_recordset` carries them at a fraction of
// the cost (on PGlite, where the server shares the process, 2–3 times less), with the same
// row-level security and constraints applied to every row.

import { sql, type SQL } from 'drizzle-orm';

/** Rows per statement: one JSON parameter of a few megabytes at most. */
export const JSON_ROWS_CHUNK = 5_000;

/** A JSON value as Postgres reads it: bigints as decimal text (the column type converts them). */
export type JsonCell = string | number | boolean | null | bigint;

/** `rows` as one `jsonb` parameter; `jsonb_to_recordset(…) as r(col type, …)` reads it back. */
export function jsonRows(rows: readonly Readonly<Record<string, JsonCell>>[]): SQL {
  const text = JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return sql`${text}::jsonb`;
}

/** `values` as one `jsonb` array parameter, for `in (select value from jsonb_array_elements_text(…))`. */
export function jsonList(values: readonly string[]): SQL {
  return sql`${JSON.stringify(values)}::jsonb`;
}
