// With a data directory, chain state, the transaction index, the clock and asset names survive
// a restart, and the restart is quick.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createLocalnet } from '../index.js';
import { generateKeypair, latestBlockhash, rpcResult, signedTransfer } from '../testing/raw-rpc.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-'));
  dirs.push(dir);
  return dir;
}

describe('persistence', () => {
  it('keeps balances, tokens, history, slot and asset names across a restart', async () => {
    const dir = dataDir();
    const first = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
    const wallet = generateKeypair();
    const recipient = generateKeypair().address;
    await first.admin.fund(wallet.address, 3_000_000_000n);
    const mint = await first.admin.createMint({
      decimals: 9,
      name: 'Fleet Token',
      symbol: 'FLT',
      program: 'token-2022',
    });
    const tokenAccount = await first.admin.createTokenAccount({
      owner: wallet.address,
      mint,
      amount: 42n,
    });
    const tx = signedTransfer(wallet, recipient, 1_000_000_000n, await latestBlockhash(first.url));
    const signature = await rpcResult<string>(first.url, 'sendTransaction', [
      tx,
      { encoding: 'base64' },
    ]);
    const slotBefore = await rpcResult<number>(first.url, 'getSlot');
    const faucet = first.admin.faucetAddress;
    await first.close();

    const started = performance.now();
    const second = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
    const startupMs = performance.now() - started;
    try {
      expect(startupMs).toBeLessThan(2_000);
      expect(second.admin.faucetAddress).toBe(faucet);
      expect(await rpcResult<number>(second.url, 'getSlot')).toBeGreaterThanOrEqual(slotBefore);
      expect(
        (await rpcResult<{ value: number }>(second.url, 'getBalance', [recipient])).value,
      ).toBe(1_000_000_000);
      expect(
        (await rpcResult<{ value: number }>(second.url, 'getBalance', [wallet.address])).value,
      ).toBe(2_000_000_000 - 5_000);
      const detail = await rpcResult<{ meta: { fee: number } }>(second.url, 'getTransaction', [
        signature,
      ]);
      expect(detail.meta.fee).toBe(5_000);
      const history = await rpcResult<{ signature: string }[]>(
        second.url,
        'getSignaturesForAddress',
        [wallet.address],
      );
      expect(history[0]?.signature).toBe(signature);
      expect(history).toHaveLength(2); // the funding transfer and the send
      const owned = await rpcResult<{ value: { pubkey: string }[] }>(
        second.url,
        'getTokenAccountsByOwner',
        [wallet.address, { mint }, { encoding: 'jsonParsed' }],
      );
      expect(owned.value.map((v) => v.pubkey)).toEqual([tokenAccount]);
      const asset = await rpcResult<{
        content: { metadata: { name: string; symbol: string } };
        token_info: { decimals: number };
      }>(second.url, 'getAsset', { id: mint });
      expect(asset.content.metadata).toEqual({ name: 'Fleet Token', symbol: 'FLT' });
      expect(asset.token_info.decimals).toBe(9);
      // A blockhash handed out before the restart is still honoured after it.
      const again = signedTransfer(wallet, recipient, 1_000n, await latestBlockhash(second.url));
      expect(
        typeof (await rpcResult<string>(second.url, 'sendTransaction', [
          again,
          { encoding: 'base64' },
        ])),
      ).toBe('string');
    } finally {
      await second.close();
    }
  });

  it('starts fresh in an empty directory', async () => {
    const localnet = await createLocalnet({ dataDir: dataDir(), slotIntervalMs: 0 });
    try {
      expect(await rpcResult<number>(localnet.url, 'getTransactionCount')).toBe(0);
    } finally {
      await localnet.close();
    }
  });
});

describe('recovery after a crash', () => {
  it('keeps history appended after the last snapshot and resumes the clock after it', async () => {
    const dir = dataDir();
    const crashed = join(dir, 'crashed');
    const first = await createLocalnet({ dataDir: join(dir, 'live'), slotIntervalMs: 0 });
    const wallet = generateKeypair();
    await first.admin.fund(wallet.address, 1_000_000_000n);
    // Let the append land on disk, then copy the directory as a crash would leave it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    cpSync(join(dir, 'live'), crashed, { recursive: true });
    const lastSlot = await rpcResult<number>(first.url, 'getSlot');
    await first.close();

    const second = await createLocalnet({ dataDir: crashed, slotIntervalMs: 0 });
    try {
      const history = await rpcResult<{ slot: number }[]>(second.url, 'getSignaturesForAddress', [
        wallet.address,
      ]);
      expect(history).toHaveLength(1);
      expect(await rpcResult<number>(second.url, 'getSlot')).toBeGreaterThanOrEqual(lastSlot);
    } finally {
      await second.close();
    }
  });
});
