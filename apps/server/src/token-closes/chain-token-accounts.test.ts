import type { EndpointPool } from '@fleet/chain';
import { encodeBase58, isFleetError } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { readTokenAccounts } from './chain-token-accounts';

const ownerAt = (n: number): string => {
  const bytes = new Uint8Array(32);
  bytes[0] = 7;
  bytes[1] = n;
  return encodeBase58(bytes);
};

/** A pool whose token-account reads answer empty, except for `failing`, which no endpoint answers. */
function poolFailingFor(failing: string) {
  const asked: string[] = [];
  const rpc = {
    getTokenAccountsByOwner: (owner: string) => ({
      send: async () => {
        asked.push(owner);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (owner === failing) throw new Error('no endpoint answered');
        return { value: [] };
      },
    }),
  };
  return { pool: { rpc } as unknown as EndpointPool, asked };
}

describe('Reading the token accounts a close is planned from', () => {
  it('fails on a wallet no endpoint answers for, naming it, and stops reading the rest', async () => {
    const owners = Array.from({ length: 60 }, (_, i) => ownerAt(i));
    const failing = ownerAt(2);
    const { pool, asked } = poolFailingFor(failing);
    const error: unknown = await readTokenAccounts(pool, owners).catch((caught: unknown) => caught);
    expect(isFleetError(error, 'TOKEN_CLOSE__ACCOUNTS_UNREADABLE')).toBe(true);
    expect(isFleetError(error, 'TOKEN_CLOSE__ACCOUNTS_UNREADABLE') && error.context.wallet).toBe(
      failing,
    );
    // Eight lanes, two programs a wallet: at most the wallets already taken are read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(new Set(asked).size).toBeLessThan(20);
  });

  it('reads every wallet under both programs when all answer', async () => {
    const owners = Array.from({ length: 30 }, (_, i) => ownerAt(i));
    const { pool, asked } = poolFailingFor(ownerAt(99));
    expect(await readTokenAccounts(pool, owners)).toEqual([]);
    expect(asked).toHaveLength(60);
  });
});
