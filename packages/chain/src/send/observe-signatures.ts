import type { SignatureStatus } from '@fleet/core';
import {
  signature as toSignature,
  type GetBlockHeightApi,
  type GetSignatureStatusesApi,
  type Rpc,
} from '@solana/kit';

import { transactionErrorReason } from './transaction-error-reason';

/** `getSignatureStatuses` takes at most 256 signatures. */
export const MAX_SIGNATURES_PER_STATUS_CALL = 256;

/** One signature's answer with the block height read just before it, from the same endpoint. */
export interface SignatureObservation {
  readonly signature: string;
  readonly status: SignatureStatus;
  /**
   * The height to decide expiry with, or null when this answer must not expire anything (a
   * landing seen only at `processed`, which a fork may still drop or a later check confirm).
   */
  readonly blockHeight: bigint | null;
}

/**
 * Reads, for each batch of up to 256 signatures, the block height first and then the statuses
 * with the history searched, both from `rpc`. Pass one endpoint (`pool.pinned().rpc`, pinned
 * afresh for each observation round), never a pool of several: a lagging endpoint's "not found" beside another's height past the last valid
 * one would expire a transaction that landed (core's `blockHeightSeen`). The height is read at
 * `finalized`, which trails the tip and so can only delay an expiry, never hasten one.
 */
export async function observeSignatures(
  rpc: Rpc<GetBlockHeightApi & GetSignatureStatusesApi>,
  signatures: readonly string[],
): Promise<readonly SignatureObservation[]> {
  const observed: SignatureObservation[] = [];
  for (let start = 0; start < signatures.length; start += MAX_SIGNATURES_PER_STATUS_CALL) {
    const batch = signatures.slice(start, start + MAX_SIGNATURES_PER_STATUS_CALL);
    const blockHeight = await rpc.getBlockHeight({ commitment: 'finalized' }).send();
    const { value } = await rpc
      .getSignatureStatuses(batch.map(toSignature), { searchTransactionHistory: true })
      .send();
    batch.forEach((signature, index) => {
      const found = value[index] ?? null;
      if (found === null) {
        observed.push({ signature, status: { kind: 'notFound' }, blockHeight });
      } else if (found.confirmationStatus === 'processed' || found.confirmationStatus === null) {
        // Seen but not yet confirmed: nothing final, and no height to expire it with.
        observed.push({ signature, status: { kind: 'notFound' }, blockHeight: null });
      } else if (found.err !== null) {
        const reason = transactionErrorReason(found.err);
        observed.push({ signature, status: { kind: 'failed', reason }, blockHeight });
      } else {
        observed.push({ signature, status: { kind: 'confirmed' }, blockHeight });
      }
    });
  }
  return Object.freeze(observed);
}
