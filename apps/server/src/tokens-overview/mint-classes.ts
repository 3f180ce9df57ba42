import { isTokenType, type TokenType } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/**
 * Stored mint classes (migration 0030: `mints.asset_class`). A mint's class is a public chain fact
 * like its decimals, so it lives on the shared `mints` row, not per tenant; who may ask for a
 * class to be stored is still the tenant's session (the classify route).
 */

/** The stored class of each of `mints` that has one. Base58 holds no comma: one parameter. */
export async function readMintClasses(
  tx: TenantDatabase,
  mints: readonly string[],
): Promise<Map<string, TokenType>> {
  if (mints.length === 0) return new Map();
  const result = await tx.execute<{ mint: string; asset_class: string | null }>(sql`
    select m.mint, m.asset_class from mints m
    join unnest(string_to_array(${mints.join(',')}, ',')) as asked(mint) on asked.mint = m.mint
    where m.asset_class is not null`);
  const classes = new Map<string, TokenType>();
  for (const row of result.rows)
    if (isTokenType(row.asset_class)) classes.set(row.mint, row.asset_class);
  return classes;
}

/**
 * Stores classes the digital-asset API answered. Only mints already known to the `mints` table
 * (the scan wrote their decimals) are touched: a class never creates a mint row without decimals.
 */
export async function writeMintClasses(
  tx: TenantDatabase,
  classes: ReadonlyMap<string, TokenType>,
  at: Date,
): Promise<number> {
  if (classes.size === 0) return 0;
  const entries = [...classes];
  const result = await tx.execute<{ mint: string }>(sql`
    update mints set asset_class = v.asset_class, asset_class_at = ${at.toISOString()}::timestamptz
    from unnest(
      string_to_array(${entries.map(([mint]) => mint).join(',')}, ','),
      string_to_array(${entries.map(([, type]) => type).join(',')}, ',')
    ) as v(mint, asset_class)
    where mints.mint = v.mint
    returning mints.mint`);
  return result.rows.length;
}
