// Durable-nonce transactions outlive the 150-slot blockhash window, and a used nonce is spent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateKeypair, type Keypair } from '../chain/keypair.js';
import {
  buildLegacyTransaction,
  systemTransfer,
  type Instruction,
} from '../chain/legacy-message.js';
import { SYSTEM_PROGRAM } from '../chain/program-ids.js';
import { decodeBase58, encodeBase58 } from '../codec/base58.js';
import { encodeBase64 } from '../codec/base64.js';
import { createLocalnet, type Localnet } from '../index.js';
import { latestBlockhash, rpcCall, rpcResult } from '../testing/raw-rpc.js';

const RECENT_BLOCKHASHES = 'SysvarRecentB1ockHashes11111111111111111111';
const RENT = 'SysvarRent111111111111111111111111111111111';

let localnet: Localnet;
let url: string;

beforeAll(async () => {
  localnet = await createLocalnet({ slotIntervalMs: 0 });
  url = localnet.url;
});

afterAll(async () => {
  await localnet.close();
});

function u32(value: number): number[] {
  return [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24];
}

function u64(value: bigint): number[] {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return [...bytes];
}

async function send(
  payer: Keypair,
  instructions: Instruction[],
  blockhash: string,
  signers: Keypair[] = [],
): Promise<ReturnType<typeof rpcCall>> {
  const tx = encodeBase64(buildLegacyTransaction(payer, instructions, blockhash, signers));
  return rpcCall(url, 'sendTransaction', [tx, { encoding: 'base64' }]);
}

async function storedNonce(address: string): Promise<string> {
  const info = await rpcResult<{ value: { data: [string, string] } }>(url, 'getAccountInfo', [
    address,
    { encoding: 'base64' },
  ]);
  return encodeBase58(Buffer.from(info.value.data[0], 'base64').subarray(40, 72));
}

describe('durable nonces', () => {
  it('lands a nonce transaction long after its blockhash window, once', async () => {
    const payer = generateKeypair();
    const nonce = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const rent = await rpcResult<number>(url, 'getMinimumBalanceForRentExemption', [80]);
    const create: Instruction = {
      programId: SYSTEM_PROGRAM,
      accounts: [
        { address: payer.address, signer: true, writable: true },
        { address: nonce.address, signer: true, writable: true },
      ],
      data: new Uint8Array([
        ...u32(0),
        ...u64(BigInt(rent)),
        ...u64(80n),
        ...decodeBase58(SYSTEM_PROGRAM),
      ]),
    };
    const initialize: Instruction = {
      programId: SYSTEM_PROGRAM,
      accounts: [
        { address: nonce.address, signer: false, writable: true },
        { address: RECENT_BLOCKHASHES, signer: false, writable: false },
        { address: RENT, signer: false, writable: false },
      ],
      data: new Uint8Array([...u32(6), ...decodeBase58(payer.address)]),
    };
    expect(
      (await send(payer, [create, initialize], await latestBlockhash(url), [nonce])).error,
    ).toBeUndefined();

    const value = await storedNonce(nonce.address);
    localnet.admin.advanceSlots(300);
    const advance: Instruction = {
      programId: SYSTEM_PROGRAM,
      accounts: [
        { address: nonce.address, signer: false, writable: true },
        { address: RECENT_BLOCKHASHES, signer: false, writable: false },
        { address: payer.address, signer: true, writable: false },
      ],
      data: new Uint8Array(u32(4)),
    };
    const recipient = generateKeypair().address;
    const first = await send(
      payer,
      [advance, systemTransfer(payer.address, recipient, 1_000_000n)],
      value,
    );
    expect(first.error).toBeUndefined();
    expect(await storedNonce(nonce.address)).not.toBe(value);

    const replay = await send(
      payer,
      [advance, systemTransfer(payer.address, recipient, 2_000_000n)],
      value,
    );
    expect(replay.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
    });
    expect((await rpcResult<{ value: number }>(url, 'getBalance', [recipient])).value).toBe(
      1_000_000,
    );
  });
});
