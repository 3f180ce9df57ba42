import { describe, expect, it } from 'vitest';
import {
  applyHoldings,
  buildHoldings,
  holdingsFigures,
  holdingsForValues,
  type HoldingsModel,
  type HoldingsText,
} from './holdings-model';
import { valueWallets } from './wallet-values';

interface Account {
  readonly mint: string;
  readonly amount: bigint;
  readonly decimals: number;
}
interface Wallet {
  readonly active: boolean;
  readonly lamports: bigint;
  readonly accounts: readonly Account[];
}

/** The repository's text for `wallets` (only those in `only`, when given). */
function textOf(wallets: ReadonlyMap<string, Wallet>, only?: ReadonlySet<string>): HoldingsText {
  const listed = [...wallets].filter(([id]) => only === undefined || only.has(id));
  const byMint = new Map<string, { decimals: number; entries: string[] }>();
  // Archived wallets' accounts are read too (the reader drops them), as the repository does.
  for (const [id, wallet] of listed)
    for (const account of wallet.accounts) {
      const group = byMint.get(account.mint) ?? { decimals: 0, entries: [] };
      group.decimals = Math.max(group.decimals, account.decimals);
      group.entries.push(`,${id} ${account.amount}`);
      byMint.set(account.mint, group);
    }
  return {
    wallets: listed
      .filter(([, wallet]) => wallet.active)
      .map(([id, wallet]) => `${id} ${wallet.lamports}`)
      .join(','),
    accounts: [...byMint]
      .map(([mint, group]) => `${mint} ${group.decimals}${group.entries.join('')}`)
      .join(';'),
  };
}

/** Everything a model shows, in an order that does not depend on how it was built. */
function shown(model: HoldingsModel) {
  const { mints, counts } = holdingsFigures(model, new Map(), { address: null, walletId: null });
  const holdings = holdingsForValues(model);
  const prices = new Map(holdings.mints.map((mint) => [mint, (mint.length % 7) / 1e6]));
  const values = valueWallets(holdings, 100, prices);
  // Floating-point sums depend on the order of a wallet's accounts: compared to 12 digits.
  const byWallet = new Map(
    holdings.walletIds.map((id, w) => [id, Number((values.tokensUsd[w] ?? 0).toPrecision(12))]),
  );
  return {
    mints: [...mints].sort((a, b) => (a.mint < b.mint ? -1 : 1)),
    counts,
    holders: new Map([...holdings.holders].sort(([a], [b]) => (a < b ? -1 : 1))),
    tokensUsd: new Map([...byWallet].sort(([a], [b]) => (a < b ? -1 : 1))),
    sol: new Map(holdings.walletIds.map((id, w) => [id, holdings.sol[w]])),
  };
}

// A deterministic generator (mulberry32), so a failure replays.
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

describe('holdings model', () => {
  it('sums a tenant by hand: counts, mints, holders, closable accounts, archived wallets left out', () => {
    const model = buildHoldings({
      wallets: 'w1 2000000000,w2 0,w3 500000000',
      accounts: 'MintA 6,w1 3000000,w1 1000000,w2 5000000,w3 0,wz 9;MintB 9,w1 10;MintC 6,wz 4',
    });
    const { mints, counts } = holdingsFigures(
      model,
      new Map([['MintA', { symbol: 'AAA', name: 'Token A' }]]),
      { address: 'master', walletId: 'w1' },
    );
    expect(counts).toEqual({
      total: 3,
      withSol: 2,
      withAssets: 2,
      withClosable: 1,
      lamports: '2500000000',
      closable: 1,
      masterAddress: 'master',
      masterWalletId: 'w1',
    });
    // MintC is held only by an archived wallet: not among the active wallets' mints.
    expect(mints).toEqual([
      {
        mint: 'MintA',
        symbol: 'AAA',
        name: 'Token A',
        decimals: 6,
        instances: 4,
        instancesWithBalance: 3,
        amount: '9000000',
      },
      {
        mint: 'MintB',
        symbol: null,
        name: null,
        decimals: 9,
        instances: 1,
        instancesWithBalance: 1,
        amount: '10',
      },
    ]);
    const holdings = holdingsForValues(model);
    expect([...holdings.holders]).toEqual([
      ['MintA', 2],
      ['MintB', 1],
    ]);
    expect([...holdings.sol]).toEqual([2, 0, 0.5]);
    expect(valueWallets(holdings, 100, new Map([['MintA', 2 / 1e6]])).top).toBe(0);
  });

  it('keeps sums past 2^53 exact, and takes them apart exactly', () => {
    const big = 2n ** 64n - 1n;
    const model = buildHoldings({
      wallets: `w1 ${big},w2 ${big}`,
      accounts: `MintA 9,w1 ${big},w2 ${big},w2 1`,
    });
    const whole = holdingsFigures(model, new Map(), { address: null, walletId: null });
    expect(whole.counts.lamports).toBe(String(2n * big));
    expect(whole.mints[0]?.amount).toBe(String(2n * big + 1n));
    const after = applyHoldings(model, new Set(['w2']), {
      wallets: 'w2 5',
      accounts: 'MintA 9,w2 7',
    });
    const changed = holdingsFigures(after, new Map(), { address: null, walletId: null });
    expect(changed.counts.lamports).toBe(String(big + 5n));
    expect(changed.mints[0]?.amount).toBe(String(big + 7n));
  });

  it('applies changed wallets (new, changed, archived, restored, deleted) to the same figures as reading everything again', () => {
    const random = randomFrom(31);
    const mints = Array.from({ length: 12 }, (_, m) => `Mint${'x'.repeat(m)}`);
    const amount = () =>
      random(5) === 0
        ? 0n
        : random(20) === 0
          ? 2n ** 60n + BigInt(random(1000))
          : BigInt(random(1e6));
    const walletOf = (): Wallet => ({
      active: random(8) !== 0,
      lamports: random(4) === 0 ? 0n : BigInt(random(1e9)) * 1000n,
      accounts: Array.from({ length: random(5) }, () => ({
        mint: mints[random(mints.length)] ?? 'Mint0',
        amount: amount(),
        decimals: 6,
      })),
    });
    const wallets = new Map<string, Wallet>();
    let next = 0;
    for (; next < 200; next++) wallets.set(`w${next}`, walletOf());
    let model = buildHoldings(textOf(wallets));
    expect(shown(model)).toEqual(shown(buildHoldings(textOf(wallets))));
    for (let round = 0; round < 40; round++) {
      const changed = new Set<string>();
      for (let n = random(12); n >= 0; n--) {
        const id = `w${random(next)}`;
        changed.add(id);
        const kind = random(4);
        if (kind === 0) wallets.delete(id);
        else wallets.set(id, walletOf());
      }
      for (let n = random(3); n > 0; n--) {
        const id = `w${next++}`;
        changed.add(id);
        wallets.set(id, walletOf());
      }
      model = applyHoldings(model, changed, textOf(wallets, changed));
      expect(shown(model)).toEqual(shown(buildHoldings(textOf(wallets))));
    }
  });

  it('leaves the model it applied changes to as it was, for the requests still using it', () => {
    const before = buildHoldings({ wallets: 'w1 1,w2 2', accounts: 'MintA 6,w1 5,w2 6' });
    const figures = shown(before);
    applyHoldings(before, new Set(['w1']), { wallets: '', accounts: '' });
    expect(shown(before)).toEqual(figures);
  });

  it('reads an empty tenant as no wallets and no top', () => {
    const empty = buildHoldings({ wallets: '', accounts: '' });
    const { counts, mints } = holdingsFigures(empty, new Map(), { address: null, walletId: null });
    expect(counts.total).toBe(0);
    expect(mints).toEqual([]);
    expect(valueWallets(holdingsForValues(empty), 100, new Map()).top).toBe(-1);
  });
});
