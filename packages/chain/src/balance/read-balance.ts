import { FleetError, isFleetError } from '@fleet/core';
import { address, isAddress } from '@solana/kit';

import { createEndpointPool, type EndpointPool } from '../pool/endpoint-pool';

export interface BalanceReader {
  /** Lamports held by `owner`, at `confirmed` commitment. */
  getBalance(owner: string): Promise<bigint>;
}

/**
 * Reads one balance through the endpoint pool (failover, back-off, timeouts). Given URLs it makes
 * a pool of its own; given the server's pool, its calls show in the same stats.
 */
export function createBalanceReader(
  source: readonly string[] | EndpointPool,
  timeoutMs = 10_000,
): BalanceReader {
  const pool = isPool(source)
    ? source
    : source.length === 0
      ? fail('createBalanceReader needs at least one RPC URL')
      : createEndpointPool({ endpoints: source, timeoutMs, maxWaitMs: timeoutMs });
  return {
    async getBalance(owner) {
      if (!isAddress(owner)) throw new FleetError('ADDRESS__INVALID', { address: owner });
      try {
        const { value } = await pool.rpc
          .getBalance(address(owner), { commitment: 'confirmed' })
          .send();
        return value;
      } catch (error) {
        const attempts = isFleetError(error, 'RPC__NO_ENDPOINT_ANSWERED')
          ? error.context.attempts
          : error instanceof Error
            ? error.message
            : String(error);
        throw new FleetError('RPC__BALANCE_UNREADABLE', { attempts }, { cause: error });
      }
    },
  };
}

function isPool(source: readonly string[] | EndpointPool): source is EndpointPool {
  return !Array.isArray(source);
}

function fail(message: string): never {
  throw new Error(message);
}
