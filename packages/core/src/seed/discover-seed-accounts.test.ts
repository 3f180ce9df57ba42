import { describe, expect, it } from 'vitest';
import { discoverSeedAccounts, wasEverUsed, type DiscoveryContext } from './discover-seed-accounts';

/** A fake chain over account indexes: `used` lists the indexes with history; calls are recorded. */
function chainOf(used: readonly number[]) {
  const derived: [number, number][] = [];
  const scanned: string[][] = [];
  const ctx: DiscoveryContext<{ address: string; index: number }> = {
    derive: (start, count) => {
      derived.push([start, count]);
      return Promise.resolve(
        Array.from({ length: count }, (_, offset) => ({
          address: `A${start + offset}`,
          index: start + offset,
        })),
      );
    },
    used: (addresses) => {
      scanned.push([...addresses]);
      return Promise.resolve(
        new Map(addresses.map((address) => [address, used.includes(Number(address.slice(1)))])),
      );
    },
  };
  return { ctx, derived, scanned };
}

const indexes = (
  result: Awaited<ReturnType<typeof discoverSeedAccounts<{ index: number; address: string }>>>,
) => result.accounts.map(({ account, used }) => [account.index, used] as const);

describe('discovering the used accounts of a seed', () => {
  it('stops after N empty accounts in a row, past a shorter gap', async () => {
    const { ctx, derived } = chainOf([0, 1, 4]);
    const result = await discoverSeedAccounts(ctx, {
      start: 0,
      stopAfterEmpty: 3,
      maxAccounts: 100,
    });
    expect(indexes(result)).toEqual([
      [0, true],
      [1, true],
      [2, false],
      [3, false],
      [4, true],
      [5, false],
      [6, false],
      [7, false],
    ]);
    expect(result.stoppedBy).toBe('empty-run');
    // Never derives past the point where the run could end.
    expect(derived).toEqual([
      [0, 3],
      [3, 2],
      [5, 3],
    ]);
  });

  it('starts at the start index and counts the run from there', async () => {
    const { ctx } = chainOf([3]);
    const result = await discoverSeedAccounts(ctx, {
      start: 10,
      stopAfterEmpty: 2,
      maxAccounts: 50,
    });
    expect(indexes(result)).toEqual([
      [10, false],
      [11, false],
    ]);
  });

  it('stops at the most accounts it may derive, in batches', async () => {
    const used = Array.from({ length: 300 }, (_, index) => index);
    const { ctx, derived } = chainOf(used);
    const result = await discoverSeedAccounts(ctx, {
      start: 0,
      stopAfterEmpty: 10,
      maxAccounts: 45,
      batchSize: 20,
    });
    expect(result.accounts).toHaveLength(45);
    expect(result.stoppedBy).toBe('limit');
    expect(derived).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
      [30, 10],
      [40, 5],
    ]);
  });

  it('fails rather than guess when the chain leaves an address out', async () => {
    const { ctx } = chainOf([]);
    const partial: typeof ctx = { ...ctx, used: () => Promise.resolve(new Map()) };
    await expect(
      discoverSeedAccounts(partial, { start: 0, stopAfterEmpty: 2, maxAccounts: 10 }),
    ).rejects.toThrow('No answer for A0');
  });

  it('refuses a run it could not end', async () => {
    const { ctx } = chainOf([]);
    await expect(
      discoverSeedAccounts(ctx, { start: 0, stopAfterEmpty: 0, maxAccounts: 10 }),
    ).rejects.toThrow(RangeError);
  });

  it('calls an account used when it holds lamports or has any token account', () => {
    expect(wasEverUsed({ lamports: '0', tokenAccounts: 0 })).toBe(false);
    expect(wasEverUsed({ lamports: '1', tokenAccounts: 0 })).toBe(true);
    expect(wasEverUsed({ lamports: '0', tokenAccounts: 1 })).toBe(true);
  });
});
