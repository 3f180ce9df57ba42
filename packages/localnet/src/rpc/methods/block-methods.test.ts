import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalnet, type Localnet } from '../../index.js';
import { generateKeypair, rpcCall, rpcResult } from '../../testing/raw-rpc.js';

let localnet: Localnet;
let url: string;

beforeAll(async () => {
  localnet = await createLocalnet({ slotIntervalMs: 0 });
  url = localnet.url;
  localnet.admin.advanceSlots(5); // past genesis, so every block here has a parent
});

afterAll(async () => {
  await localnet.close();
});

async function slotOf(signature: string): Promise<number> {
  const status = await rpcResult<{ value: ({ slot: number } | null)[] }>(
    url,
    'getSignatureStatuses',
    [[signature]],
  );
  const slot = status.value[0]?.slot;
  if (slot === undefined) throw new Error('not landed');
  return slot;
}

describe('blocks', () => {
  it('lists the transactions that landed in a slot, chained to its parent', async () => {
    const signature = await localnet.admin.fund(generateKeypair().address, 1_000_000_000n);
    const slot = await slotOf(signature);
    type Block = {
      blockHeight: number;
      parentSlot: number;
      blockhash: string;
      previousBlockhash: string;
      transactions: { transaction: { signatures: string[] } }[];
    };
    const block = await rpcResult<Block>(url, 'getBlock', [slot]);
    expect(block.blockHeight).toBe(slot);
    expect(block.parentSlot).toBe(slot - 1);
    expect(block.transactions.map((t) => t.transaction.signatures[0])).toEqual([signature]);
    const parent = await rpcResult<Block>(url, 'getBlock', [
      slot - 1,
      { transactionDetails: 'none' },
    ]);
    expect(block.previousBlockhash).toBe(parent.blockhash);
    expect(parent.transactions).toBeUndefined();
    const signatures = await rpcResult<{ signatures: string[] }>(url, 'getBlock', [
      slot,
      { transactionDetails: 'signatures' },
    ]);
    expect(signatures.signatures).toEqual([signature]);
    const accounts = await rpcResult<{
      transactions: { transaction: { accountKeys: { pubkey: string }[] } }[];
    }>(url, 'getBlock', [slot, { transactionDetails: 'accounts' }]);
    expect(accounts.transactions[0]?.transaction.accountKeys[0]?.pubkey).toBe(
      localnet.admin.faucetAddress,
    );
  });

  it('answers block times, ranges and slots that have not happened yet', async () => {
    const current = await rpcResult<number>(url, 'getSlot');
    const time = await rpcResult<number>(url, 'getBlockTime', [current]);
    expect(Math.abs(time - Date.now() / 1000)).toBeLessThan(60);
    expect(await rpcResult<number[]>(url, 'getBlocks', [current - 2, current + 5])).toEqual([
      current - 2,
      current - 1,
      current,
    ]);
    expect(await rpcResult<number[]>(url, 'getBlocksWithLimit', [current - 1, 10])).toEqual([
      current - 1,
      current,
    ]);
    expect((await rpcCall(url, 'getBlock', [current + 10])).error).toEqual({
      code: -32004,
      message: `Block not available for slot ${current + 10}`,
    });
    expect((await rpcCall(url, 'getBlocks', [0, 600_000])).error?.message).toBe(
      'Slot range too large; max 500000',
    );
  });
});
