// A bare JSON-RPC client for tests that need to see exactly what went over the wire: status
// codes, headers and error objects that @solana/kit would turn into exceptions.

import { encodeBase64 } from '../codec/base64.js';
import { generateKeypair, type Keypair } from '../chain/keypair.js';
import { buildLegacyTransaction, systemTransfer } from '../chain/legacy-message.js';

export type RpcParams = readonly unknown[] | Readonly<Record<string, unknown>>;

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

export interface RpcReply {
  readonly jsonrpc: '2.0';
  readonly id: number | string | null;
  readonly result?: unknown;
  readonly error?: { code: number; message: string; data?: unknown };
}

export async function postRaw(url: string, body: string): Promise<RawResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch (_error) {
    // Non-JSON bodies (413, 503) are returned as text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export async function rpcCall(
  url: string,
  method: string,
  params: RpcParams = [],
): Promise<RpcReply> {
  const response = await postRaw(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  return response.body as RpcReply;
}

/** The result of a call that must succeed. */
export async function rpcResult<T = unknown>(
  url: string,
  method: string,
  params: RpcParams = [],
): Promise<T> {
  const reply = await rpcCall(url, method, params);
  if (reply.error !== undefined)
    throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  return reply.result as T;
}

export async function latestBlockhash(url: string): Promise<string> {
  const result = await rpcResult<{ value: { blockhash: string } }>(url, 'getLatestBlockhash');
  return result.value.blockhash;
}

/** A signed SOL transfer, base64, built without kit. */
export function signedTransfer(
  from: Keypair,
  to: string,
  lamports: bigint,
  blockhash: string,
): string {
  return encodeBase64(
    buildLegacyTransaction(from, [systemTransfer(from.address, to, lamports)], blockhash),
  );
}

export { generateKeypair };
