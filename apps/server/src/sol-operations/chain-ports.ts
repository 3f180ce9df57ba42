import {
  broadcastTransaction,
  createSignatureObserver,
  type EndpointPool,
  type TransactionLifetime,
} from '@fleet/chain';
import type { Clock, SignatureStatus } from '@fleet/core';
import type { Base64EncodedWireTransaction } from '@solana/kit';

/**
 * A blockhash is shared by the transactions signed within this long of each other: one
 * `getLatestBlockhash` per few seconds rather than one per transaction, while leaving each
 * transaction nearly all of its ~60 s of validity.
 */
const LIFETIME_REUSE_MS = 5_000;

/** The chain calls a SOL operation makes, through the server's endpoint pool. */
export function createChainPorts(pool: EndpointPool, clock: Pick<Clock, 'now' | 'schedule'>) {
  // Every transaction in flight asks for its status: those asked together share one call.
  const observer = createSignatureObserver(pool, { clock });
  let cached: { readonly value: TransactionLifetime; readonly at: number } | null = null;
  let pending: Promise<TransactionLifetime> | null = null;

  return {
    async lifetime(): Promise<TransactionLifetime> {
      if (cached && clock.now() - cached.at < LIFETIME_REUSE_MS) return cached.value;
      pending ??= pool.rpc
        .getLatestBlockhash({ commitment: 'confirmed' })
        .send()
        .then(({ value }) => {
          const lifetime = {
            blockhash: value.blockhash,
            lastValidBlockHeight: value.lastValidBlockHeight,
          };
          cached = { value: lifetime, at: clock.now() };
          return lifetime;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },

    /** The height and then the status, from one endpoint (core's `blockHeightSeen`). */
    async observe(
      signature: string,
    ): Promise<{ readonly status: SignatureStatus; readonly blockHeight: bigint | null }> {
      const { status, blockHeight } = await observer.observe(signature);
      return { status, blockHeight };
    },

    /** Sends per second the pool may make, or null when no endpoint states its rate. */
    sendBudgetPerSecond(): number | null {
      return pool.sendBudgetPerSecond();
    },

    async broadcast(wireBase64: string): Promise<void> {
      await broadcastTransaction(pool.rpc, wireBase64 as Base64EncodedWireTransaction);
    },
  };
}
