import { createLocalnet, type Localnet } from '@fleet/localnet';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBalanceReader } from './read-balance';

describe('reading balances from the chain', () => {
  let localnet: Localnet;

  beforeAll(async () => {
    localnet = await createLocalnet({ endpoints: { up: {}, down: { outage: true } } });
  });
  afterAll(async () => {
    await localnet.close();
  });

  it('returns the exact lamports of a funded address as a bigint', async () => {
    const { address } = await generateKeyPairSigner();
    await localnet.admin.fund(address, 1_234_567_891n);
    const reader = createBalanceReader([localnet.url]);
    expect(await reader.getBalance(address)).toBe(1_234_567_891n);
  });

  it('answers 0 for an address that was never funded', async () => {
    const { address } = await generateKeyPairSigner();
    expect(await createBalanceReader([localnet.url]).getBalance(address)).toBe(0n);
  });

  it('fails over from an endpoint that is down to one that answers', async () => {
    const { address } = await generateKeyPairSigner();
    await localnet.admin.fund(address, 42n * 1_000_000_000n);
    const endpoints = localnet.endpoints;
    const reader = createBalanceReader([endpoints.down?.url ?? '', endpoints.up?.url ?? '']);
    expect(await reader.getBalance(address)).toBe(42_000_000_000n);
  });

  it('names every endpoint tried when none answers, and refuses a malformed address', async () => {
    const reader = createBalanceReader([localnet.endpoints.down?.url ?? '']);
    const { address } = await generateKeyPairSigner();
    await expect(reader.getBalance(address)).rejects.toThrow(
      /Could not read the balance from any RPC endpoint \(127\.0\.0\.1:\d+:/,
    );
    await expect(reader.getBalance('not-an-address')).rejects.toThrow(
      'Not a Solana address: not-an-address',
    );
  });
});
