import type { Base64EncodedWireTransaction, Rpc, SendTransactionApi } from '@solana/kit';

/**
 * What handing the bytes to an endpoint taught. Neither outcome is a failure: `accepted` is a
 * node's acknowledgement (not a landing), and `unknown` (a timeout, a reset, an error answer)
 * may still have reached a leader. Either way the caller records the broadcast and later asks
 * the chain about the signature.
 */
export type BroadcastOutcome =
  | { readonly kind: 'accepted'; readonly signature: string }
  | { readonly kind: 'unknown'; readonly reason: string };

/**
 * Sends stored bytes once (`skipPreflight`, `maxRetries: 0`: the ledger, not the node, decides
 * about rebroadcasts). The pool never repeats a send that may have reached a node. Never throws.
 */
export async function broadcastTransaction(
  rpc: Rpc<SendTransactionApi>,
  wireBase64: Base64EncodedWireTransaction,
): Promise<BroadcastOutcome> {
  try {
    const signature = await rpc
      .sendTransaction(wireBase64, { encoding: 'base64', skipPreflight: true, maxRetries: 0n })
      .send();
    return { kind: 'accepted', signature };
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}
