import type { OperationDetail } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { checkLedger, type CheckedTransaction } from './ledger-checks';
import { holdAgainstChain, supplyMismatches, type TokenAccounts } from './token-checks';

type Item = OperationDetail['items'][number];

const RENT = 2_039_280n;
let nextId = 0;

function item(from: string, to: string, extra: Partial<Item> = {}): Item {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    leg: 'tokenTransfer',
    walletId: null,
    from,
    to,
    lamports: '0',
    mint: 'mint',
    program: 'token',
    tokenAmount: '0',
    retryOf: null,
    status: 'confirmed',
    failureReason: null,
    ...extra,
  };
}

const held = (amount: bigint, lamports = RENT) => ({ amount, lamports });
const accounts = (entries: Record<string, { amount: bigint; lamports: bigint } | null>) =>
  new Map(Object.entries(entries)) as TokenAccounts;

/** The master's account `m` pays 10 to each of `r1`–`r3`. */
function distribution() {
  const items = ['r1', 'r2', 'r3'].map((to) => item('m', to, { tokenAmount: '10' }));
  const before = accounts({ m: held(100n), r1: null, r2: null, r3: null });
  const after = accounts({ m: held(70n), r1: held(10n), r2: held(10n), r3: held(10n) });
  return { items, before, after, watched: ['m', 'r1', 'r2', 'r3'] };
}

describe('holding a token operation against the chain', () => {
  it('finds every item of a clean distribution applied once', () => {
    const d = distribution();
    expect(holdAgainstChain('spl-distribute', d, d.before, d.after, d.watched)).toEqual({
      paidOnce: 3,
      wrongItems: 0,
      ledgerMismatches: 0,
    });
  });

  it('counts a recipient paid twice, at the recipient and at the source', () => {
    const d = distribution();
    const after = accounts({ m: held(60n), r1: held(20n), r2: held(10n), r3: held(10n) });
    expect(holdAgainstChain('spl-distribute', d, d.before, after, d.watched)).toEqual({
      paidOnce: 2,
      wrongItems: 1,
      ledgerMismatches: 2,
    });
  });

  it('counts a payment the chain has but the ledger does not confirm', () => {
    const d = distribution();
    const [first, ...rest] = d.items;
    if (!first) throw new Error('no item');
    const items = [{ ...first, status: 'failed' as const }, ...rest];
    expect(holdAgainstChain('spl-distribute', { items }, d.before, d.after, d.watched)).toEqual({
      paidOnce: 2,
      wrongItems: 1,
      ledgerMismatches: 2,
    });
  });

  it('wants a confirmed close gone, and an unconfirmed one still open', () => {
    const items = [
      item('a1', 'master', { leg: 'close', lamports: String(RENT), tokenAmount: null }),
      item('a2', 'master', { leg: 'close', lamports: String(RENT), tokenAmount: null }),
      item('a3', 'master', {
        leg: 'close',
        lamports: String(RENT),
        tokenAmount: null,
        status: 'pending',
      }),
    ];
    const before = accounts({ a1: held(0n), a2: held(0n), a3: held(0n) });
    const watched = ['a1', 'a2', 'a3'];
    expect(
      holdAgainstChain(
        'close',
        { items },
        before,
        accounts({ a1: null, a2: null, a3: held(0n) }),
        watched,
      ),
    ).toEqual({ paidOnce: 2, wrongItems: 1, ledgerMismatches: 0 });
    // a2 left open although confirmed, a3 closed although the ledger never confirmed it
    expect(
      holdAgainstChain(
        'close',
        { items },
        before,
        accounts({ a1: null, a2: held(0n), a3: null }),
        watched,
      ),
    ).toEqual({ paidOnce: 1, wrongItems: 2, ledgerMismatches: 2 });
  });

  it('wants a confirmed burn gone, and a failed one open with its balance', () => {
    const burn = (from: string, mint: string, status: Item['status'] = 'confirmed') =>
      item(from, 'master', {
        leg: 'burn',
        lamports: String(RENT),
        tokenAmount: null,
        mint,
        status,
      });
    const items = [burn('b1', 'x'), burn('b2', 'x'), burn('b3', 'y', 'failed')];
    const before = accounts({ b1: held(7n), b2: held(9n), b3: held(5n) });
    const watched = ['b1', 'b2', 'b3'];
    const after = accounts({ b1: null, b2: null, b3: held(5n) });
    expect(holdAgainstChain('burn', { items }, before, after, watched)).toEqual({
      paidOnce: 2,
      wrongItems: 1,
      ledgerMismatches: 0,
    });
    // The burns' `to` is the master's SOL address: not a token account, not counted unwatched.
    const supplies = (x: bigint, y: bigint) =>
      new Map([
        ['x', { before: 100n, after: x }],
        ['y', { before: 50n, after: y }],
      ]);
    expect(supplyMismatches({ items }, before, supplies(84n, 50n))).toBe(0);
    // x burned 7 more than its confirmed burns hold (one landed twice, or a burn the ledger
    // lacks); y burned although its only burn failed.
    expect(supplyMismatches({ items }, before, supplies(77n, 45n))).toBe(2);
    // b3's account gone although its burn failed.
    expect(
      holdAgainstChain(
        'burn',
        { items },
        before,
        accounts({ b1: null, b2: null, b3: null }),
        watched,
      ),
    ).toEqual({ paidOnce: 2, wrongItems: 1, ledgerMismatches: 1 });
  });

  it('counts a confirmed burn of a mint whose supply was never read', () => {
    const items = [item('b1', 'master', { leg: 'burn', tokenAmount: null, mint: 'z' })];
    expect(supplyMismatches({ items }, accounts({ b1: held(3n) }), new Map())).toBe(1);
  });

  it('wants a withdrawal that closes its source gone, and the master holding the sum', () => {
    const items = [
      item('s1', 'm', { tokenAmount: '5', lamports: String(RENT) }),
      item('s2', 'm', { tokenAmount: '7', lamports: String(RENT) }),
    ];
    const before = accounts({ s1: held(5n), s2: held(7n), m: null });
    const watched = ['s1', 's2', 'm'];
    expect(
      holdAgainstChain(
        'spl-withdraw',
        { items },
        before,
        accounts({ s1: null, s2: null, m: held(12n) }),
        watched,
      ),
    ).toEqual({ paidOnce: 2, wrongItems: 0, ledgerMismatches: 0 });
    expect(
      holdAgainstChain(
        'spl-withdraw',
        { items },
        before,
        accounts({ s1: null, s2: held(0n), m: held(12n) }),
        watched,
      ),
    ).toEqual({ paidOnce: 1, wrongItems: 1, ledgerMismatches: 1 });
  });

  it('counts an item that moves an account nobody watched', () => {
    const d = distribution();
    const items = [...d.items, item('m', 'elsewhere', { tokenAmount: '0' })];
    expect(
      holdAgainstChain('spl-distribute', { items }, d.before, d.after, d.watched),
    ).toMatchObject({
      ledgerMismatches: 1,
    });
  });
});

function tx(
  state: string,
  itemIds: string[],
  signature: string | null = `sig-${state}`,
): CheckedTransaction {
  return { state, signature, setupStep: null, itemIds };
}

describe('checking a ledger against the chain', () => {
  it('finds nothing wrong in a ledger whose transactions landed once each, after one expiry', () => {
    const transactions = [
      tx('expired', ['i1'], 'old'),
      tx('confirmed', ['i1'], 'new'),
      tx('confirmed', ['i2'], 'b'),
    ];
    expect(
      checkLedger({
        transactions,
        landed: new Map([
          ['new', {}],
          ['b', {}],
        ]),
        masterSignatures: new Set(['new', 'b']),
      }),
    ).toEqual({
      resignedEarly: 0,
      expiredButLanded: 0,
      unsettled: 0,
      unrecordedLandings: 0,
      landedOnChain: 2,
      landedInLedger: 2,
    });
  });

  it('counts a re-sign before expiry, an expiry that landed, an open row and a landing it lacks', () => {
    const transactions = [
      tx('sent', ['i1'], 'first'),
      tx('confirmed', ['i1'], 'second'),
      tx('expired', ['i2'], 'gone'),
      tx('confirmed', ['i2'], 'again'),
      tx('signed', ['i3'], 'open'),
    ];
    expect(
      checkLedger({
        transactions,
        landed: new Map([
          ['second', {}],
          ['gone', {}],
          ['again', {}],
        ]),
        masterSignatures: new Set(['second', 'gone', 'again']),
      }),
    ).toEqual({
      resignedEarly: 1,
      expiredButLanded: 1,
      unsettled: 2,
      unrecordedLandings: 1,
      landedOnChain: 3,
      landedInLedger: 2,
    });
  });
});
