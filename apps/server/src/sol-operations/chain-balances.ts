import type { EndpointPool } from '@fleet/chain';
import { FleetError, isFleetError, type Lamports } from '@fleet/core';
import { address } from '@solana/kit';

/** `getMultipleAccounts` takes at most 100 addresses. */
const ACCOUNTS_PER_CALL = 100;

/**
 * Lamports held by each address now, at `confirmed`, read in batches of 100 with no account data
 * (a plan needs balances, not contents). An account that does not exist holds 0. A plan is only as
 * good as these figures, so a batch no endpoint answers fails the plan rather than guessing.
 */
export async function readLamports(
  pool: EndpointPool,
  addresses: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, Lamports>> {
  const unique = [...new Set(addresses)];
  const balances = new Map<string, Lamports>();
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += ACCOUNTS_PER_CALL) {
    batches.push(unique.slice(start, start + ACCOUNTS_PER_CALL));
  }
  // A few batches at once: the pool paces them under each endpoint's budget.
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < batches.length) {
      const batch = batches[next++] as string[];
      try {
        const { value } = await pool.rpc
          .getMultipleAccounts(
            batch.map((entry) => address(entry)),
            { commitment: 'confirmed', encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
          )
          .send({ abortSignal: signal });
        batch.forEach((entry, index) => {
          balances.set(entry, (value[index]?.lamports ?? 0n) as Lamports);
        });
      } catch (error) {
        const attempts = isFleetError(error, 'RPC__NO_ENDPOINT_ANSWERED')
          ? error.context.attempts
          : error instanceof Error
            ? error.message
            : String(error);
        throw new FleetError('RPC__BALANCE_UNREADABLE', { attempts }, { cause: error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, batches.length) }, lane));
  return balances;
}
