import { FleetError } from '@fleet/core';
import { address, createSolanaRpc, isAddress } from '@solana/kit';

export interface BalanceReader {
  /** Lamports held by `owner`, at `confirmed` commitment. */
  getBalance(owner: string): Promise<bigint>;
}

/**
 * Tries each endpoint in turn until one answers; the error names every endpoint that failed, so an
 * operator can tell a bad address from a dead pool. The full endpoint pool (health, budgets,
 * back-off) replaces this with the chain-gateway issue.
 */
export function createBalanceReader(urls: readonly string[], timeoutMs = 10_000): BalanceReader {
  if (urls.length === 0) throw new Error('createBalanceReader needs at least one RPC URL');
  const endpoints = urls.map((url) => ({ url, rpc: createSolanaRpc(url) }));
  return {
    async getBalance(owner) {
      if (!isAddress(owner))
        throw new FleetError('VALIDATION_FAILED', `Not a Solana address: ${owner}`);
      const failures: string[] = [];
      for (const endpoint of endpoints) {
        try {
          const { value } = await endpoint.rpc
            .getBalance(address(owner), { commitment: 'confirmed' })
            .send({ abortSignal: AbortSignal.timeout(timeoutMs) });
          return value;
        } catch (error) {
          failures.push(
            `${hostOf(endpoint.url)}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      throw new FleetError(
        'UPSTREAM_FAILED',
        `Could not read the balance from any RPC endpoint (${failures.join('; ')})`,
      );
    },
  };
}

// API keys often ride in the URL path or query: name the host only.
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}
