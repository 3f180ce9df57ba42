// Every kind of bad input gets Agave's error code and message, and the server keeps serving.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { encodeBase64 } from '../codec/base64.js';
import { createLocalnet, type Localnet } from '../index.js';
import {
  generateKeypair,
  latestBlockhash,
  postRaw,
  rpcCall,
  rpcResult,
  signedTransfer,
} from '../testing/raw-rpc.js';

let localnet: Localnet;
let url: string;

beforeAll(async () => {
  // A stopped clock: slots move only when a test says so.
  localnet = await createLocalnet({ slotIntervalMs: 0 });
  url = localnet.url;
});

afterAll(async () => {
  await localnet.close();
});

async function stillServing(): Promise<void> {
  expect(await rpcResult(url, 'getHealth')).toBe('ok');
}

describe('the JSON-RPC envelope', () => {
  it('answers malformed JSON with a parse error and keeps serving', async () => {
    const response = await postRaw(url, '{"jsonrpc":"2.0","id":1,"method":');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    });
    await stillServing();
  });

  it('answers a call without jsonrpc or method as an invalid request', async () => {
    expect((await postRaw(url, '{"id":7,"method":"getSlot"}')).body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid request' },
      id: 7,
    });
    expect((await postRaw(url, '[]')).body).toMatchObject({ error: { code: -32600 } });
    await stillServing();
  });

  it('answers unknown methods with "Method not found"', async () => {
    expect(await rpcCall(url, 'getEverything')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 1,
    });
  });

  it('answers each item of a batch on its own, in order', async () => {
    const response = await postRaw(
      url,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
        42,
        { jsonrpc: '2.0', id: 3, method: 'getBalance', params: [localnet.admin.faucetAddress] },
      ]),
    );
    const replies = response.body as {
      id: number | null;
      result?: unknown;
      error?: { code: number };
    }[];
    expect(replies.map((r) => r.id)).toEqual([1, 2, null, 3]);
    expect(replies[0]?.result).toBe('ok');
    expect(replies[1]?.error?.code).toBe(-32601);
    expect(replies[2]?.error?.code).toBe(-32600);
    expect(replies[3]?.result).toMatchObject({ context: { apiVersion: '2.2.20' } });
  });

  it('refuses bodies over 50 KiB with HTTP 413 and keeps serving', async () => {
    const response = await postRaw(
      url,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', pad: 'x'.repeat(60_000) }),
    );
    expect(response.status).toBe(413);
    await stillServing();
  });
});

describe('parameter validation', () => {
  it('refuses wrong parameter types with serde-style messages', async () => {
    expect((await rpcCall(url, 'getBalance', [5])).error).toEqual({
      code: -32602,
      message: 'Invalid params: invalid type: integer `5`, expected a string.',
    });
    expect((await rpcCall(url, 'getBalance', [])).error?.code).toBe(-32602);
    expect((await rpcCall(url, 'getSlot', [{ commitment: 'eventually' }])).error?.code).toBe(
      -32602,
    );
  });

  it('refuses bad public keys as Agave does', async () => {
    expect((await rpcCall(url, 'getBalance', ['0OIl'])).error).toEqual({
      code: -32602,
      message: 'Invalid param: Invalid',
    });
    expect((await rpcCall(url, 'getBalance', ['abc'])).error).toEqual({
      code: -32602,
      message: 'Invalid param: WrongSize',
    });
  });

  it('caps getMultipleAccounts at 100 keys and getProgramAccounts at 4 filters', async () => {
    const keys = Array.from({ length: 101 }, () => generateKeypair().address);
    expect((await rpcCall(url, 'getMultipleAccounts', [keys])).error).toEqual({
      code: -32602,
      message: 'Too many inputs provided; max 100',
    });
    expect((await rpcCall(url, 'getMultipleAccounts', [keys.slice(0, 100)])).error).toBeUndefined();
    const filters = Array.from({ length: 5 }, () => ({ dataSize: 165 }));
    expect(
      (
        await rpcCall(url, 'getProgramAccounts', [
          'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
          { filters },
        ])
      ).error,
    ).toEqual({
      code: -32602,
      message: 'Too many filters provided; max 4',
    });
  });

  it('refuses base64+zstd clearly and base58 for large accounts', async () => {
    const reply = await rpcCall(url, 'getAccountInfo', [
      localnet.admin.faucetAddress,
      { encoding: 'base64+zstd' },
    ]);
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain('base64+zstd');
    const mint = await localnet.admin.createMint({ decimals: 2 });
    const owner = generateKeypair().address;
    const account = await localnet.admin.createTokenAccount({ owner, mint, amount: 5n });
    expect((await rpcCall(url, 'getAccountInfo', [account, { encoding: 'base58' }])).error).toEqual(
      {
        code: -32600,
        message:
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      },
    );
  });
});

describe('transactions that cannot land', () => {
  it('refuses undecodable transactions in either encoding', async () => {
    expect((await rpcCall(url, 'sendTransaction', ['3mJr0x'])).error).toEqual({
      code: -32602,
      message: "invalid base58 encoding: InvalidCharacter { character: '0', index: 4 }",
    });
    expect(
      (await rpcCall(url, 'sendTransaction', ['@@@@', { encoding: 'base64' }])).error?.message,
    ).toMatch(/^invalid base64 encoding: /);
    expect((await rpcCall(url, 'sendTransaction', ['AQID', { encoding: 'base64' }])).error).toEqual(
      {
        code: -32602,
        message:
          'failed to deserialize solana_transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer',
      },
    );
    expect(
      (await rpcCall(url, 'sendTransaction', ['AAAA', { encoding: 'base32' }])).error?.code,
    ).toBe(-32602);
    await stillServing();
  });

  it('answers a bad signature with -32003', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const bytes = Buffer.from(
      signedTransfer(payer, generateKeypair().address, 1_000_000n, await latestBlockhash(url)),
      'base64',
    );
    bytes[10] = (bytes[10] ?? 0) ^ 0xff; // inside the signature
    expect(
      (await rpcCall(url, 'sendTransaction', [encodeBase64(bytes), { encoding: 'base64' }])).error,
    ).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    });
  });

  it('answers a failing program with a preflight failure carrying the simulation', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(
      payer,
      generateKeypair().address,
      5_000_000_000n,
      await latestBlockhash(url),
    );
    const reply = await rpcCall(url, 'sendTransaction', [tx, { encoding: 'base64' }]);
    expect(reply.error?.code).toBe(-32002);
    expect(reply.error?.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    );
    const data = reply.error?.data as {
      err: unknown;
      accounts: unknown;
      unitsConsumed: number;
      logs: string[];
    };
    expect(data.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(data.accounts).toBeNull();
    expect(data.unitsConsumed).toBeGreaterThan(0);
    expect(data.logs.some((line) => line.includes('insufficient lamports'))).toBe(true);
    // Preflight stopped it: no fee was charged.
    expect((await rpcResult<{ value: number }>(url, 'getBalance', [payer.address])).value).toBe(
      1_000_000_000,
    );
  });

  it('lands a failing transaction sent with skipPreflight, charging its fee and recording the error', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(
      payer,
      generateKeypair().address,
      5_000_000_000n,
      await latestBlockhash(url),
    );
    const signature = await rpcResult<string>(url, 'sendTransaction', [
      tx,
      { encoding: 'base64', skipPreflight: true },
    ]);
    const statuses = await rpcResult<{ value: unknown[] }>(url, 'getSignatureStatuses', [
      [signature],
    ]);
    expect(statuses.value[0]).toMatchObject({
      err: { InstructionError: [0, { Custom: 1 }] },
      status: { Err: { InstructionError: [0, { Custom: 1 }] } },
    });
    const detail = await rpcResult<{ meta: { fee: number; err: unknown } }>(url, 'getTransaction', [
      signature,
    ]);
    expect(detail.meta.fee).toBe(5000);
    expect((await rpcResult<{ value: number }>(url, 'getBalance', [payer.address])).value).toBe(
      1_000_000_000 - 5000,
    );
  });

  it('expires blockhashes after 150 slots', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const blockhash = await latestBlockhash(url);
    localnet.admin.advanceSlots(150);
    expect((await rpcResult<{ value: boolean }>(url, 'isBlockhashValid', [blockhash])).value).toBe(
      true,
    );
    localnet.admin.advanceSlots(1);
    expect((await rpcResult<{ value: boolean }>(url, 'isBlockhashValid', [blockhash])).value).toBe(
      false,
    );

    const tx = signedTransfer(payer, generateKeypair().address, 1_000_000n, blockhash);
    const reply = await rpcCall(url, 'sendTransaction', [tx, { encoding: 'base64' }]);
    expect(reply.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound', logs: [] },
    });
    // With skipPreflight the node accepts it, but it never lands.
    const signature = await rpcResult<string>(url, 'sendTransaction', [
      tx,
      { encoding: 'base64', skipPreflight: true },
    ]);
    const statuses = await rpcResult<{ value: unknown[] }>(url, 'getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ]);
    expect(statuses.value).toEqual([null]);
    await stillServing();
  });

  it('refuses a transaction it has already processed', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(
      payer,
      generateKeypair().address,
      1_000_000n,
      await latestBlockhash(url),
    );
    await rpcResult(url, 'sendTransaction', [tx, { encoding: 'base64' }]);
    expect(
      (await rpcCall(url, 'sendTransaction', [tx, { encoding: 'base64' }])).error,
    ).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
    });
  });
});
