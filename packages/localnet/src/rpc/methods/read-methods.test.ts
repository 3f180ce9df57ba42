// The read methods beyond the kit conformance flow: history paging, program-account filters,
// delegates, fees, prioritization fees and DAS lookups.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildLegacyTransaction,
  systemTransfer,
  type Instruction,
} from '../../chain/legacy-message.js';
import { COMPUTE_BUDGET_PROGRAM, TOKEN_PROGRAM } from '../../chain/program-ids.js';
import { encodeBase58 } from '../../codec/base58.js';
import { encodeBase64 } from '../../codec/base64.js';
import { createLocalnet, type Localnet } from '../../index.js';
import {
  generateKeypair,
  latestBlockhash,
  rpcCall,
  rpcResult,
  signedTransfer,
} from '../../testing/raw-rpc.js';

let localnet: Localnet;
let url: string;

beforeAll(async () => {
  localnet = await createLocalnet({ slotIntervalMs: 0 });
  url = localnet.url;
});

afterAll(async () => {
  await localnet.close();
});

function u64(value: bigint): number[] {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return [...bytes];
}

describe('getSignaturesForAddress', () => {
  it('pages newest first with limit, before and until', async () => {
    const wallet = generateKeypair();
    const target = generateKeypair().address;
    await localnet.admin.fund(wallet.address, 1_000_000_000n);
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      const tx = signedTransfer(wallet, target, 1_000_000n + BigInt(i), await latestBlockhash(url));
      sent.push(await rpcResult<string>(url, 'sendTransaction', [tx, { encoding: 'base64' }]));
    }
    const newestFirst = [...sent].reverse();
    type Entry = { signature: string; slot: number };
    const all = await rpcResult<Entry[]>(url, 'getSignaturesForAddress', [target]);
    expect(all.map((e) => e.signature)).toEqual(newestFirst);
    expect(all[0]?.slot).toBeGreaterThan(all[4]?.slot ?? Infinity);

    const firstPage = await rpcResult<Entry[]>(url, 'getSignaturesForAddress', [
      target,
      { limit: 2 },
    ]);
    expect(firstPage.map((e) => e.signature)).toEqual(newestFirst.slice(0, 2));
    const secondPage = await rpcResult<Entry[]>(url, 'getSignaturesForAddress', [
      target,
      { limit: 2, before: firstPage[1]?.signature },
    ]);
    expect(secondPage.map((e) => e.signature)).toEqual(newestFirst.slice(2, 4));
    const untilOldest = await rpcResult<Entry[]>(url, 'getSignaturesForAddress', [
      target,
      { until: sent[1] },
    ]);
    expect(untilOldest.map((e) => e.signature)).toEqual(newestFirst.slice(0, 3));
    // The payer's history also holds its funding transfer.
    expect(await rpcResult<Entry[]>(url, 'getSignaturesForAddress', [wallet.address])).toHaveLength(
      6,
    );
    expect(
      (await rpcCall(url, 'getSignaturesForAddress', [target, { limit: 1001 }])).error,
    ).toEqual({
      code: -32602,
      message: 'Invalid limit; max 1000',
    });
  });
});

describe('token queries', () => {
  it('filters program accounts by dataSize and memcmp', async () => {
    const mint = await localnet.admin.createMint({ decimals: 0 });
    const owner = generateKeypair().address;
    const account = await localnet.admin.createTokenAccount({ owner, mint, amount: 9n });
    const found = await rpcResult<{ pubkey: string }[]>(url, 'getProgramAccounts', [
      TOKEN_PROGRAM,
      {
        encoding: 'base64',
        filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: owner } }],
      },
    ]);
    expect(found.map((f) => f.pubkey)).toEqual([account]);
    const none = await rpcResult<unknown[]>(url, 'getProgramAccounts', [
      TOKEN_PROGRAM,
      { encoding: 'base64', filters: [{ dataSize: 82 }, { memcmp: { offset: 32, bytes: owner } }] },
    ]);
    expect(none).toEqual([]);
  });

  it('finds token accounts by delegate after an Approve', async () => {
    const owner = generateKeypair();
    const delegate = generateKeypair().address;
    await localnet.admin.fund(owner.address, 1_000_000_000n);
    const mint = await localnet.admin.createMint({ decimals: 3 });
    const account = await localnet.admin.createTokenAccount({
      owner: owner.address,
      mint,
      amount: 5_000n,
    });
    const approve: Instruction = {
      programId: TOKEN_PROGRAM,
      accounts: [
        { address: account, signer: false, writable: true },
        { address: delegate, signer: false, writable: false },
        { address: owner.address, signer: true, writable: false },
      ],
      data: new Uint8Array([4, ...u64(1_500n)]),
    };
    const tx = encodeBase64(buildLegacyTransaction(owner, [approve], await latestBlockhash(url)));
    await rpcResult(url, 'sendTransaction', [tx, { encoding: 'base64' }]);
    const byDelegate = await rpcResult<{
      value: { pubkey: string; account: { data: { parsed: { info: Record<string, unknown> } } } }[];
    }>(url, 'getTokenAccountsByDelegate', [
      delegate,
      { programId: TOKEN_PROGRAM },
      { encoding: 'jsonParsed' },
    ]);
    expect(byDelegate.value.map((v) => v.pubkey)).toEqual([account]);
    expect(byDelegate.value[0]?.account.data.parsed.info).toMatchObject({
      delegate,
      delegatedAmount: { amount: '1500', decimals: 3, uiAmountString: '1.5' },
    });
  });

  it('refuses token queries on accounts that are not token accounts or mints', async () => {
    const plain = generateKeypair().address;
    await localnet.admin.fund(plain, 1_000_000n);
    expect((await rpcCall(url, 'getTokenAccountBalance', [plain])).error).toEqual({
      code: -32602,
      message: 'Invalid param: not a Token account',
    });
    expect((await rpcCall(url, 'getTokenSupply', [plain])).error).toEqual({
      code: -32602,
      message: 'Invalid param: not a Token mint',
    });
    expect(
      (await rpcCall(url, 'getTokenAccountsByOwner', [plain, { mint: generateKeypair().address }]))
        .error,
    ).toEqual({
      code: -32602,
      message: 'Invalid param: could not find mint',
    });
    expect(
      (await rpcCall(url, 'getTokenAccountsByOwner', [plain, { programId: plain }])).error,
    ).toEqual({
      code: -32602,
      message: 'Invalid param: unrecognized Token program id',
    });
  });

  it('names known mints through getAsset and getAssetBatch', async () => {
    const usdc = await localnet.admin.createMint({ decimals: 6, name: 'USD Coin', symbol: 'USDC' });
    const t22 = await localnet.admin.createMint({
      decimals: 9,
      name: 'Fleet',
      symbol: 'FLT',
      program: 'token-2022',
    });
    const batch = await rpcResult<
      {
        content: { metadata: { name: string; symbol: string } };
        token_info: { decimals: number; token_program: string };
      }[]
    >(url, 'getAssetBatch', { ids: [usdc, t22] });
    expect(batch.map((a) => [a.content.metadata.symbol, a.token_info.decimals])).toEqual([
      ['USDC', 6],
      ['FLT', 9],
    ]);
    expect(batch[1]?.token_info.token_program).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    expect((await rpcCall(url, 'getAsset', { id: generateKeypair().address })).error?.code).toBe(
      -32000,
    );
  });
});

describe('fees', () => {
  it('charges and reports the prioritization fee exactly', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const computeBudget = (data: number[]): Instruction => ({
      programId: COMPUTE_BUDGET_PROGRAM,
      accounts: [],
      data: new Uint8Array(data),
    });
    const limit = [2, ...new Uint8Array(new Uint32Array([10_000]).buffer)];
    const price = [3, ...u64(1_000_000n)]; // 1 lamport per compute unit
    const instructions = [
      computeBudget(limit),
      computeBudget(price),
      systemTransfer(payer.address, generateKeypair().address, 1_000_000n),
    ];
    const bytes = buildLegacyTransaction(payer, instructions, await latestBlockhash(url));
    const message = bytes.subarray(65);

    const quoted = await rpcResult<{ value: number }>(url, 'getFeeForMessage', [
      encodeBase64(message),
    ]);
    expect(quoted.value).toBe(5_000 + 10_000);
    const signature = await rpcResult<string>(url, 'sendTransaction', [encodeBase58(bytes)]);
    const detail = await rpcResult<{
      meta: { fee: number; preBalances: number[]; postBalances: number[] };
    }>(url, 'getTransaction', [signature]);
    expect(detail.meta.fee).toBe(15_000);
    // What the payer actually lost is the transfer plus exactly the reported fee.
    expect((detail.meta.preBalances[0] ?? 0) - (detail.meta.postBalances[0] ?? 0)).toBe(
      1_000_000 + 15_000,
    );
    const fees = await rpcResult<{ slot: number; prioritizationFee: number }[]>(
      url,
      'getRecentPrioritizationFees',
      [[payer.address]],
    );
    expect(fees.some((f) => f.prioritizationFee === 1_000_000)).toBe(true);
  });

  it('quotes no fee for a message whose blockhash has expired', async () => {
    const payer = generateKeypair();
    const bytes = buildLegacyTransaction(
      payer,
      [systemTransfer(payer.address, generateKeypair().address, 1n)],
      await latestBlockhash(url),
    );
    localnet.admin.advanceSlots(151);
    const quoted = await rpcResult<{ value: number | null }>(url, 'getFeeForMessage', [
      encodeBase64(bytes.subarray(65)),
    ]);
    expect(quoted.value).toBeNull();
  });
});

describe('simulateTransaction', () => {
  it('reports logs, units consumed and requested post-state accounts without landing', async () => {
    const payer = generateKeypair();
    const target = generateKeypair().address;
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(payer, target, 2_000_000n, await latestBlockhash(url));
    const result = await rpcResult<{
      value: {
        err: unknown;
        logs: string[];
        unitsConsumed: number;
        accounts: ({ lamports: number } | null)[];
      };
    }>(url, 'simulateTransaction', [
      tx,
      {
        encoding: 'base64',
        sigVerify: true,
        accounts: { addresses: [target], encoding: 'base64' },
      },
    ]);
    expect(result.value.err).toBeNull();
    expect(result.value.unitsConsumed).toBe(150);
    expect(result.value.logs).toContain('Program 11111111111111111111111111111111 success');
    expect(result.value.accounts[0]?.lamports).toBe(2_000_000);
    expect((await rpcResult<{ value: number }>(url, 'getBalance', [target])).value).toBe(0);
  });

  it('replaces an expired blockhash when asked', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(
      payer,
      generateKeypair().address,
      2_000_000n,
      await latestBlockhash(url),
    );
    localnet.admin.advanceSlots(200);
    const stale = await rpcResult<{ value: { err: unknown } }>(url, 'simulateTransaction', [
      tx,
      { encoding: 'base64' },
    ]);
    expect(stale.value.err).toBe('BlockhashNotFound');
    const replaced = await rpcResult<{
      value: { err: unknown; replacementBlockhash: { blockhash: string } };
    }>(url, 'simulateTransaction', [tx, { encoding: 'base64', replaceRecentBlockhash: true }]);
    expect(replaced.value.err).toBeNull();
    expect(replaced.value.replacementBlockhash.blockhash).toBe(await latestBlockhash(url));
  });
});

describe('program accounts', () => {
  it('report the built-in programs as executable and wallets as not', async () => {
    type Info = { value: { executable: boolean; rentEpoch: number | bigint } | null };
    const program = await rpcResult<Info>(url, 'getAccountInfo', [
      TOKEN_PROGRAM,
      { encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
    ]);
    expect(program.value?.executable).toBe(true);
    const wallet = generateKeypair().address;
    await localnet.admin.fund(wallet, 1_000_000n);
    const plain = await rpcResult<Info>(url, 'getAccountInfo', [wallet, { encoding: 'base64' }]);
    expect(plain.value?.executable).toBe(false);
  });
});

describe('admin.setAccount', () => {
  it('writes exactly what getAccountInfo then reports', async () => {
    const address = generateKeypair().address;
    const owner = generateKeypair().address;
    localnet.admin.setAccount(address, {
      lamports: 1_234_567n,
      data: new Uint8Array([1, 2, 3]),
      owner,
    });
    const info = await rpcResult<{
      value: { lamports: number; owner: string; data: [string, string]; space: number };
    }>(url, 'getAccountInfo', [address, { encoding: 'base64' }]);
    expect(info.value).toMatchObject({
      lamports: 1_234_567,
      owner,
      data: ['AQID', 'base64'],
      space: 3,
    });
    expect(() => localnet.admin.setAccount('not-an-address', { lamports: 1n })).toThrow();
  });
});
