import { schema, type FleetDatabase } from '@fleet/db';
import { gt } from 'drizzle-orm';
import type { Kek } from './kek';

/** How many data keys each KEK wraps (the trigger-kept counts of migration 0011). */
export type KekUsage = ReadonlyMap<string, number>;

export async function readKekUsage(db: FleetDatabase): Promise<KekUsage> {
  const rows = await db
    .select({ kekId: schema.vaultKekUsage.kekId, dataKeys: schema.vaultKekUsage.dataKeys })
    .from(schema.vaultKekUsage)
    .where(gt(schema.vaultKekUsage.dataKeys, 0));
  return new Map(rows.map((row) => [row.kekId, row.dataKeys]));
}

/** KEK ids that wrap data keys but are not among `keks`: keys the server could not open. */
export function unknownKekIds(usage: KekUsage, keks: readonly Kek[]): string[] {
  const known = new Set(keks.map((kek) => kek.id));
  return [...usage.keys()].filter((id) => !known.has(id)).sort();
}

/**
 * Why the server must not start with this KEK, or undefined when it may. A server that started
 * with a wrong KEK would answer 500 for every stored key, and worse, wrap new tenants' data keys
 * under itself: those are lost for good once the right KEK is back.
 */
export function kekMismatch(
  usage: KekUsage,
  current: Kek,
  previous: readonly Kek[],
): string | undefined {
  const unknown = unknownKekIds(usage, [current, ...previous]);
  if (unknown.length === 0) return undefined;
  const wrapped = unknown.map((id) => `${usage.get(id) ?? 0} by KEK ${id}`).join(', ');
  return (
    `the key-encryption key does not match the stored data keys: ${wrapped} ` +
    `(the configured KEK is ${current.id}${previous.length > 0 ? `, earlier ones ${previous.map((kek) => kek.id).join(', ')}` : ''}). ` +
    'Start with the KEK that wrapped them (FLEET_KEK, or the secrets file it was generated into); ' +
    'a KEK being rotated away from goes in FLEET_KEK_PREVIOUS.'
  );
}
