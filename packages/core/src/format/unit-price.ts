import { groupThousands } from './lamports';

/**
 * A compute-unit price for display: whole micro-lamports, thousands grouped, the unit named
 * (`5,000 µlamports/CU`). Takes the wire's decimal string or a bigint; the digits stay exact.
 */
export function formatUnitPrice(microLamportsPerUnit: bigint | string): string {
  return `${groupThousands(microLamportsPerUnit)} µlamports/CU`;
}
