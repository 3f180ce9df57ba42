import { describe, expect, it } from 'vitest';
import { BURN_SKIP_REASONS, type BurnThreshold } from '../api/burn-tokens';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import { WRAPPED_SOL_MINT, type BurnCandidate } from './dust-threshold';
import { planBurns, type PlanBurnsInput } from './plan-burns';

function addressOf(kind: number, n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = kind;
  bytes[1] = n & 0xff;
  bytes[2] = n >> 8;
  return address(encodeBase58(bytes));
}

const master = addressOf(1, 0);
const cheap = addressOf(2, 1);
const dear = addressOf(2, 2);
const nameless = addressOf(2, 3);
const alice = addressOf(4, 1);
const bob = addressOf(4, 2);
const carol = addressOf(4, 3);
let next = 0;

function account(owner: Address, patch: Partial<BurnCandidate> = {}): BurnCandidate {
  return {
    owner,
    tokenAccount: addressOf(3, next++),
    mint: cheap,
    program: 'token',
    amount: 1_000_000n,
    decimals: 6,
    lamports: 2_039_280n,
    frozen: false,
    withheldAmount: 0n,
    ...patch,
  };
}

// $0.01 a cheap token, $50 a dear one; the nameless mint has no price.
const prices = new Map<string, number>([
  [cheap, 0.01],
  [dear, 50],
]);

function plan(
  accounts: readonly BurnCandidate[],
  threshold: BurnThreshold,
  options: Partial<PlanBurnsInput> = {},
) {
  const planned = planBurns({
    master,
    accounts,
    threshold,
    prices,
    unpricedMints: [],
    rentDestination: 'master',
    microLamportsPerComputeUnit: 5_000n,
    ...options,
  });
  if (!planned.ok) throw new Error(planned.error.message);
  return planned.value;
}

describe('Planning a burn of dust', () => {
  const fleet = () => [
    account(alice), // 1 cheap token: $0.01, dust below $1
    account(alice, { mint: dear }), // $50: kept
    account(alice, { mint: nameless, amount: 7n }), // unpriced: kept unless named
    account(alice, { amount: 0n }), // empty: the close's business
    account(bob, { amount: 50_000_000n, program: 'token2022', lamports: 2_074_080n }), // $0.50
    account(bob, { amount: 5n, frozen: true }), // dust, frozen
    account(bob, { mint: address(WRAPPED_SOL_MINT), amount: 1n }),
    account(carol, { mint: dear, amount: 1n, program: 'token2022', withheldAmount: 1n }),
  ];

  it('burns the priced balances below the USD threshold and names every other account’s reason', () => {
    const forecast = plan(fleet(), { kind: 'usd', belowUsd: '1' });
    expect(forecast.burns.map((burn) => [burn.owner, burn.amount])).toEqual([
      [alice, 1_000_000n],
      [bob, 50_000_000n],
    ]);
    expect(forecast.skippedByReason).toEqual({
      'above threshold': 1,
      unpriced: 1,
      frozen: 1,
      'withheld transfer fees': 1,
      'wrapped SOL': 1,
      empty: 1,
    });
    expect(Object.keys(forecast.skippedByReason).sort()).toEqual([...BURN_SKIP_REASONS].sort());
    expect(forecast.skipped).toHaveLength(6);
    expect(forecast.burnedValueUsd).toBeCloseTo(0.51, 12);
    expect(forecast.transactions).toHaveLength(1);
  });

  it('counts rent, fees and net per wallet and in total, every wallet with an account listed', () => {
    const forecast = plan(fleet(), { kind: 'usd', belowUsd: '1' });
    const [tx] = forecast.transactions;
    if (!tx) throw new Error('no transaction');
    expect(forecast.rentLamports).toBe(2_039_280n + 2_074_080n);
    expect(forecast.feeLamports).toBe(tx.feeLamports);
    expect(forecast.netLamports).toBe(forecast.rentLamports - forecast.feeLamports);
    expect(forecast.wallets.map((wallet) => wallet.owner)).toEqual([alice, bob, carol]);
    const [a, b, c] = forecast.wallets;
    expect(a).toMatchObject({ burnAccounts: 1, skippedAccounts: 3, rentLamports: 2_039_280n });
    expect(b).toMatchObject({ burnAccounts: 1, skippedAccounts: 2, rentLamports: 2_074_080n });
    expect(c).toMatchObject({ burnAccounts: 0, skippedAccounts: 1, feeLamports: 0n });
    expect((a?.feeLamports ?? 0n) + (b?.feeLamports ?? 0n)).toBe(tx.feeLamports);
    expect(a?.netLamports).toBe((a?.rentLamports ?? 0n) - (a?.feeLamports ?? 0n));
  });

  it('burns a named unpriced mint’s balances, whatever they hold, adding nothing to the value', () => {
    const forecast = plan(fleet(), { kind: 'usd', belowUsd: '1' }, { unpricedMints: [nameless] });
    expect(forecast.burns.map((burn) => burn.mint)).toContain(nameless);
    expect(forecast.skippedByReason.unpriced).toBe(0);
    expect(forecast.burnedValueUsd).toBeCloseTo(0.51, 12);
    const mint = forecast.mints.find((entry) => entry.mint === nameless);
    expect(mint).toMatchObject({ priceUsd: null, valueUsd: 'unpriced', amount: 7n, accounts: 1 });
  });

  it('burns by raw amount whatever the price, unpriced mints still only when named', () => {
    const accounts = [
      account(alice, { mint: dear, amount: 9n }),
      account(alice, { amount: 10n }),
      account(bob, { mint: nameless, amount: 3n }),
    ];
    const unnamed = plan(accounts, { kind: 'raw', belowRaw: '10' });
    expect(unnamed.burns.map((burn) => burn.amount)).toEqual([9n]);
    expect(unnamed.skippedByReason).toMatchObject({ 'above threshold': 1, unpriced: 1 });
    const named = plan(accounts, { kind: 'raw', belowRaw: '10' }, { unpricedMints: [nameless] });
    expect(named.burns.map((burn) => burn.amount)).toEqual([9n, 3n]);
  });

  it('sums each mint over its accounts and wallets, at the price it was judged by', () => {
    const accounts = [
      account(alice, { amount: 10_000n }),
      account(bob, { amount: 20_000n }),
      account(bob, { amount: 30_000n }),
    ];
    const forecast = plan(accounts, { kind: 'usd', belowUsd: '0.5' });
    expect(forecast.mints).toHaveLength(1);
    expect(forecast.mints[0]).toMatchObject({
      mint: cheap,
      accounts: 3,
      wallets: 2,
      amount: 60_000n,
      decimals: 6,
      priceUsd: 0.01,
    });
    expect(forecast.mints[0]?.valueUsd).toBeCloseTo(0.0006, 12);
  });

  it('burns an account read twice once, and plans nothing when nothing is dust', () => {
    const twice = account(alice, { amount: 1n });
    const forecast = plan([twice, { ...twice }], { kind: 'raw', belowRaw: '2' });
    expect(forecast.burns).toHaveLength(1);
    const nothing = plan([account(alice, { mint: dear })], { kind: 'usd', belowUsd: '0.01' });
    expect(nothing.burns).toEqual([]);
    expect(nothing.transactions).toEqual([]);
    expect(nothing.feeLamports).toBe(0n);
  });

  it('lists the burns in transaction order, a transaction’s burns together', () => {
    const accounts = [
      ...Array.from({ length: 30 }, () => account(alice, { amount: 1n })),
      account(bob, { amount: 1n }),
      ...Array.from({ length: 2 }, () => account(carol, { amount: 1n })),
    ];
    const forecast = plan(accounts, { kind: 'raw', belowRaw: '2' });
    expect(forecast.transactions.length).toBeGreaterThan(1);
    const order = forecast.transactions.flatMap((tx) => tx.burns.map((burn) => burn.itemId));
    expect(forecast.burns.map((burn) => burn.itemId)).toEqual(order);
    expect(forecast.burns).toHaveLength(33);
  });
});
