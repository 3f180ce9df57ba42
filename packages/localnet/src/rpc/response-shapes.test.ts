// Responses checked against samples in the shapes of the public Solana RPC (and Helius DAS)
// documentation, committed under ./fixtures: every documented field must be present with the
// same JSON type. Values differ (it is another chain); shapes must not.

import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildLegacyTransaction, type Instruction } from '../chain/legacy-message.js';
import { TOKEN_PROGRAM } from '../chain/program-ids.js';
import { encodeBase64 } from '../codec/base64.js';
import { createLocalnet, type Localnet } from '../index.js';
import {
  generateKeypair,
  latestBlockhash,
  postRaw,
  rpcResult,
  signedTransfer,
  type RpcParams,
} from '../testing/raw-rpc.js';
import { shapeDifferences } from '../testing/shape-differences.js';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

let localnet: Localnet;
let url: string;
const payer = generateKeypair();
const holder = generateKeypair();
let mint: string;
let payerAta: string;
let holderAta: string;
let transferSignature: string;
let tokenSignature: string;

function transferCheckedInstruction(amount: bigint): Instruction {
  const data = new Uint8Array(10);
  data[0] = 12;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  data[9] = 6;
  return {
    programId: TOKEN_PROGRAM,
    accounts: [
      { address: payerAta, signer: false, writable: true },
      { address: mint, signer: false, writable: false },
      { address: holderAta, signer: false, writable: true },
      { address: payer.address, signer: true, writable: false },
    ],
    data,
  };
}

beforeAll(async () => {
  localnet = await createLocalnet({ slotIntervalMs: 0 });
  url = localnet.url;
  await localnet.admin.fund(payer.address, 1_000_000_000n);
  mint = await localnet.admin.createMint({ decimals: 6, name: 'USD Coin', symbol: 'USDC' });
  payerAta = await localnet.admin.createTokenAccount({
    owner: payer.address,
    mint,
    amount: 1_000_000n,
  });
  holderAta = await localnet.admin.createTokenAccount({ owner: holder.address, mint, amount: 0n });
  transferSignature = await rpcResult<string>(url, 'sendTransaction', [
    signedTransfer(payer, holder.address, 100_000_000n, await latestBlockhash(url)),
    { encoding: 'base64' },
  ]);
  const tokenTx = buildLegacyTransaction(
    payer,
    [transferCheckedInstruction(400_000n)],
    await latestBlockhash(url),
  );
  tokenSignature = await rpcResult<string>(url, 'sendTransaction', [
    encodeBase64(tokenTx),
    { encoding: 'base64' },
  ]);
});

afterAll(async () => {
  await localnet.close();
});

async function reply(method: string, params: RpcParams = []): Promise<unknown> {
  return (await postRaw(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))).body;
}

const cases: [fixture: string, call: () => Promise<unknown>][] = [
  ['getVersion', () => reply('getVersion')],
  ['getHealth', () => reply('getHealth')],
  ['getSlot', () => reply('getSlot')],
  ['getBalance', () => reply('getBalance', [payer.address])],
  ['getLatestBlockhash', () => reply('getLatestBlockhash')],
  ['isBlockhashValid', async () => reply('isBlockhashValid', [await latestBlockhash(url)])],
  ['getEpochInfo', () => reply('getEpochInfo')],
  ['getMinimumBalanceForRentExemption', () => reply('getMinimumBalanceForRentExemption', [50])],
  [
    'getFeeForMessage',
    async () => {
      const tx = Buffer.from(
        signedTransfer(payer, holder.address, 1n, await latestBlockhash(url)),
        'base64',
      );
      return reply('getFeeForMessage', [tx.subarray(65).toString('base64')]);
    },
  ],
  ['getRecentPrioritizationFees', () => reply('getRecentPrioritizationFees', [[payer.address]])],
  ['getAccountInfo.base64', () => reply('getAccountInfo', [payer.address, { encoding: 'base64' }])],
  [
    'getMultipleAccounts.base64',
    () =>
      reply('getMultipleAccounts', [
        [payer.address, generateKeypair().address],
        { encoding: 'base64' },
      ]),
  ],
  [
    'getTokenAccountsByOwner.jsonParsed',
    () =>
      reply('getTokenAccountsByOwner', [
        payer.address,
        { programId: TOKEN_PROGRAM },
        { encoding: 'jsonParsed' },
      ]),
  ],
  ['getTokenAccountBalance', () => reply('getTokenAccountBalance', [payerAta])],
  ['getTokenSupply', () => reply('getTokenSupply', [mint])],
  ['getTokenLargestAccounts', () => reply('getTokenLargestAccounts', [mint])],
  [
    'getSignatureStatuses',
    () =>
      reply('getSignatureStatuses', [
        [transferSignature, '1'.repeat(64)],
        { searchTransactionHistory: true },
      ]),
  ],
  [
    'getSignaturesForAddress',
    () => reply('getSignaturesForAddress', [holder.address, { limit: 1 }]),
  ],
  ['getTransaction.json', () => reply('getTransaction', [transferSignature, { encoding: 'json' }])],
  [
    'getTransaction.jsonParsed.token',
    () =>
      reply('getTransaction', [
        tokenSignature,
        { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 },
      ]),
  ],
  [
    'simulateTransaction',
    async () =>
      reply('simulateTransaction', [
        signedTransfer(payer, holder.address, 1_000n, await latestBlockhash(url)),
        { encoding: 'base64' },
      ]),
  ],
  [
    'sendTransaction',
    async () =>
      reply('sendTransaction', [
        signedTransfer(payer, holder.address, 2_000n, await latestBlockhash(url)),
        { encoding: 'base64' },
      ]),
  ],
  [
    'sendTransaction.preflight-failure',
    async () =>
      reply('sendTransaction', [
        signedTransfer(payer, holder.address, 5_000_000_000n, await latestBlockhash(url)),
        { encoding: 'base64' },
      ]),
  ],
  [
    'sendTransaction.blockhash-not-found',
    () =>
      reply('sendTransaction', [
        signedTransfer(
          payer,
          holder.address,
          3_000n,
          'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
        ),
        { encoding: 'base64' },
      ]),
  ],
  ['getAsset.fungible', () => reply('getAsset', { id: mint })],
  [
    'getBlock.json',
    async () => {
      const status = await rpcResult<{ value: { slot: number }[] }>(url, 'getSignatureStatuses', [
        [transferSignature],
      ]);
      return reply('getBlock', [
        status.value[0]?.slot,
        { encoding: 'json', transactionDetails: 'full' },
      ]);
    },
  ],
  [
    'getBlockTime',
    async () => {
      const status = await rpcResult<{ value: { slot: number }[] }>(url, 'getSignatureStatuses', [
        [transferSignature],
      ]);
      return reply('getBlockTime', [status.value[0]?.slot]);
    },
  ],
];

describe('response shapes match the documented Agave and DAS responses', () => {
  it.each(cases)('%s', async (name, call) => {
    const expected = fixture(name);
    const actual = await call();
    expect(shapeDifferences(expected, actual)).toEqual([]);
  });

  it('notices a missing or retyped field', () => {
    expect(shapeDifferences({ a: { b: 1 } }, { a: {} })).toEqual(['$.a.b: missing']);
    expect(shapeDifferences({ a: [1] }, { a: ['x'] })).toEqual([
      '$.a[0]: expected number, got string',
    ]);
    expect(shapeDifferences({ a: null }, { a: 0 })).toEqual(['$.a: expected null, got number']);
  });
});
