// What the crash scenario reads from the localnet itself (plain JSON-RPC over loopback), never
// from Fleet's records: lookup tables by authority, signature statuses, the fee a landed
// transaction paid, and every signature that touched an address.

import { decodeLookupTable, type LookupTableAccount } from '@fleet/chain';
import { LOOKUP_TABLE_PROGRAM_ADDRESS } from '@fleet/core';

/** Byte offset of a table's authority (after the option flag at 21). */
const AUTHORITY_OFFSET = 22;
/** `getSignatureStatuses` takes at most 256 signatures. */
const STATUSES_PER_CALL = 256;
/** `getSignaturesForAddress` answers at most 1,000 a page. */
const SIGNATURES_PER_PAGE = 1_000;
/** Pages read before giving up: far more than any scenario signs. */
const MAX_SIGNATURE_PAGES = 100;

/** One JSON-RPC call to the localnet; its error, or a missing result, thrown. */
export async function rpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) {
    throw new Error(`${method}: ${body.error?.message ?? `no result (${response.status})`}`);
  }
  return body.result;
}

/** Every lookup table on chain whose authority is `authority`, whatever Fleet stored. */
export async function tablesOfAuthority(
  rpcUrl: string,
  authority: string,
): Promise<LookupTableAccount[]> {
  const accounts = await rpc<
    { pubkey: string; account: { data: [string, string]; lamports: number } }[]
  >(rpcUrl, 'getProgramAccounts', [
    LOOKUP_TABLE_PROGRAM_ADDRESS,
    {
      commitment: 'confirmed',
      encoding: 'base64',
      filters: [{ memcmp: { offset: AUTHORITY_OFFSET, bytes: authority } }],
    },
  ]);
  return accounts.map(({ pubkey, account }) =>
    decodeLookupTable(
      pubkey,
      new Uint8Array(Buffer.from(account.data[0], 'base64')),
      BigInt(account.lamports),
    ),
  );
}

/** Which of `signatures` the chain has (searching its whole history), with its error if any. */
export async function landedSignatures(
  rpcUrl: string,
  signatures: readonly string[],
): Promise<Map<string, { readonly err: unknown }>> {
  const landed = new Map<string, { readonly err: unknown }>();
  for (let start = 0; start < signatures.length; start += STATUSES_PER_CALL) {
    const batch = signatures.slice(start, start + STATUSES_PER_CALL);
    const { value } = await rpc<{ value: ({ err: unknown } | null)[] }>(
      rpcUrl,
      'getSignatureStatuses',
      [batch, { searchTransactionHistory: true }],
    );
    batch.forEach((signature, index) => {
      const status = value[index];
      if (status) landed.set(signature, { err: status.err });
    });
  }
  return landed;
}

/** The fee the chain charged each landed transaction (its `meta.fee`). */
export async function feesOf(rpcUrl: string, signatures: readonly string[]): Promise<bigint> {
  let total = 0n;
  for (const signature of signatures) {
    const tx = await rpc<{ meta: { fee: number } } | null>(rpcUrl, 'getTransaction', [
      signature,
      { commitment: 'confirmed', encoding: 'json', maxSupportedTransactionVersion: 0 },
    ]);
    if (tx === null) throw new Error(`getTransaction: ${signature} is not on chain`);
    total += BigInt(tx.meta.fee);
  }
  return total;
}

/** Every signature of a transaction that touched `address`, landed or failed on chain. */
export async function signaturesOfAddress(rpcUrl: string, address: string): Promise<Set<string>> {
  const found = new Set<string>();
  let before: string | undefined;
  for (let page = 0; page < MAX_SIGNATURE_PAGES; page++) {
    const rows = await rpc<{ signature: string }[]>(rpcUrl, 'getSignaturesForAddress', [
      address,
      { commitment: 'confirmed', limit: SIGNATURES_PER_PAGE, ...(before ? { before } : {}) },
    ]);
    for (const row of rows) found.add(row.signature);
    if (rows.length < SIGNATURES_PER_PAGE) return found;
    before = rows[rows.length - 1]?.signature;
  }
  throw new Error(`more than ${MAX_SIGNATURE_PAGES} pages of signatures for ${address}`);
}
