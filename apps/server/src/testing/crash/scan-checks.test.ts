import { describe, expect, it } from 'vitest';
import { checkScanState, NO_BROKEN_BATCH } from './scan-checks';
import type { WalletHoldings } from './scan-fleet';

const ORDER = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'];
const BATCH = 2;

const holdings = (lamports: bigint, accounts: [string, bigint][]): WalletHoldings => ({
  lamports,
  accounts: new Map(accounts),
});

/** Before the scan: 1 SOL and 10 of one token each; on chain: 2 SOL, that token 0, a new one. */
const before = new Map(ORDER.map((w) => [w, holdings(1_000n, [[`${w}-a`, 10n]])]));
const chain = new Map(
  ORDER.map((w) => [
    w,
    holdings(2_000n, [
      [`${w}-a`, 0n],
      [`${w}-b`, 5n],
    ]),
  ]),
);

/** The first `written` wallets as the chain has them, the rest as before. */
function storedAfter(written: number): Map<string, WalletHoldings> {
  return new Map(
    ORDER.map((w, index) => [w, (index < written ? chain : before).get(w) as WalletHoldings]),
  );
}

const check = (stored: Map<string, WalletHoldings>, nextIndex: number | null) =>
  checkScanState({ order: ORDER, batchSize: BATCH, before, chain, stored, nextIndex });

const clean = NO_BROKEN_BATCH;

describe('the Final Truth Scan crash checks', () => {
  it('pass a store with whole batches written up to the checkpoint, or one batch beyond it', () => {
    expect(check(storedAfter(0), null)).toEqual({
      ...clean,
      updated: 0,
      untouched: 6,
      aheadOfCheckpoint: 0,
    });
    expect(check(storedAfter(4), 4)).toEqual({
      ...clean,
      updated: 4,
      untouched: 2,
      aheadOfCheckpoint: 0,
    });
    // killed after the third batch's write, before its checkpoint
    expect(check(storedAfter(6), 4)).toEqual({
      ...clean,
      updated: 6,
      untouched: 0,
      aheadOfCheckpoint: 2,
    });
  });

  it('count a wallet with its SOL written but not its token accounts as half, and its batch as split', () => {
    const stored = storedAfter(2);
    stored.set('w2', holdings(2_000n, [['w2-a', 10n]]));
    expect(check(stored, 2)).toMatchObject({ updated: 2, untouched: 3, half: 1, splitBatches: 0 });
    // a token account dropped but the new one not added: half too
    stored.set('w2', holdings(2_000n, [['w2-a', 0n]]));
    expect(check(stored, 2)).toMatchObject({ half: 1 });
  });

  it('count a batch written in part as split, a batch recorded but not written as behind, a later batch written first as out of order', () => {
    expect(check(storedAfter(3), 2)).toMatchObject({ splitBatches: 1, aheadOfCheckpoint: 1 });
    expect(check(storedAfter(2), 4)).toMatchObject({ behindCheckpoint: 2, outOfOrder: 0 });
    const stored = storedAfter(2);
    for (const w of ['w4', 'w5']) stored.set(w, chain.get(w) as WalletHoldings);
    expect(check(stored, 2)).toMatchObject({ updated: 4, outOfOrder: 2, splitBatches: 0 });
  });

  it('count a wallet no longer stored as lost, and one the chain never moved as indistinct', () => {
    const stored = storedAfter(6);
    stored.delete('w1');
    expect(check(stored, 6)).toMatchObject({ lost: 1, updated: 5, behindCheckpoint: 1 });
    const unmoved = new Map(before);
    unmoved.set('w0', chain.get('w0') as WalletHoldings);
    expect(
      checkScanState({
        order: ORDER,
        batchSize: BATCH,
        before: unmoved,
        chain,
        stored: storedAfter(0),
        nextIndex: null,
      }),
    ).toMatchObject({ indistinct: 1 });
  });
});
