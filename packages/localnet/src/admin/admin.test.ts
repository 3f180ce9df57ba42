import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateKeypair } from '../chain/keypair.js';
import { AdminError, createLocalnet, type Localnet } from '../index.js';
import { rpcResult } from '../testing/raw-rpc.js';

let localnet: Localnet;

beforeAll(async () => {
  localnet = await createLocalnet({ slotIntervalMs: 0 });
});

afterAll(async () => {
  await localnet.close();
});

describe('admin fixtures refuse what the chain would refuse, as rejections', () => {
  it('refuses to fund a bad address, nothing, or a new account below rent exemption', async () => {
    await expect(localnet.admin.fund('not-an-address', 1n)).rejects.toThrow();
    await expect(localnet.admin.fund(generateKeypair().address, 0n)).rejects.toThrow(AdminError);
    await expect(localnet.admin.fund(generateKeypair().address, 1_000n)).rejects.toThrow(
      'funding failed: Transaction results in an account (1) with insufficient funds for rent',
    );
  });

  it('refuses impossible mints and token accounts of things that are not mints', async () => {
    await expect(localnet.admin.createMint({ decimals: 300 })).rejects.toThrow(AdminError);
    const notAMint = generateKeypair().address;
    await localnet.admin.fund(notAMint, 1_000_000_000n);
    await expect(
      localnet.admin.createTokenAccount({ owner: notAMint, mint: notAMint }),
    ).rejects.toThrow('is not a token mint');
    const slot = localnet.admin.getSlot();
    expect(() => localnet.admin.setClock({ slot: slot + 3n })).not.toThrow();
    expect(localnet.admin.getSlot()).toBe(slot + 3n);
    expect(() => localnet.admin.setClock({ slot })).toThrow(AdminError);
  });

  it('keeps a mint’s supply equal to the sum of the balances it created', async () => {
    const mint = await localnet.admin.createMint({ decimals: 2 });
    const owner = generateKeypair().address;
    await localnet.admin.createTokenAccount({ owner, mint, amount: 500n });
    await localnet.admin.createTokenAccount({
      owner: generateKeypair().address,
      mint,
      amount: 250n,
    });
    await localnet.admin.createTokenAccount({ owner, mint, amount: 100n }); // resets the first to 100
    const supply = await rpcResult<{ value: { amount: string } }>(localnet.url, 'getTokenSupply', [
      mint,
    ]);
    expect(supply.value.amount).toBe('350');
  });
});
