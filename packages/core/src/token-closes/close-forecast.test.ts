import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import {
  closeBlockerOf,
  closeStatistics,
  forecastCloses,
  type TokenAccountSnapshot,
} from './close-forecast';

function addressOf(kind: number, n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = kind;
  bytes[1] = n & 0xff;
  bytes[2] = n >> 8;
  return address(encodeBase58(bytes));
}

const master = addressOf(1, 0);
const mint = addressOf(2, 0);
let next = 0;

function account(owner: Address, patch: Partial<TokenAccountSnapshot> = {}): TokenAccountSnapshot {
  return {
    owner,
    tokenAccount: addressOf(3, next++),
    mint,
    program: 'token',
    amount: 0n,
    lamports: 2_039_280n,
    frozen: false,
    withheldAmount: 0n,
    ...patch,
  };
}

describe('What keeps an account open', () => {
  it('is a balance first, then a freeze, then withheld transfer fees', () => {
    const owner = addressOf(4, 0);
    expect(closeBlockerOf(account(owner))).toBeNull();
    expect(closeBlockerOf(account(owner, { amount: 1n, frozen: true }))).toBe('has balance');
    expect(closeBlockerOf(account(owner, { frozen: true, withheldAmount: 5n }))).toBe('frozen');
    expect(closeBlockerOf(account(owner, { program: 'token2022', withheldAmount: 5n }))).toBe(
      'withheld transfer fees',
    );
  });
});

describe('The rent forecast', () => {
  it('counts closable accounts, rent, fees at this packing and net, per wallet and in total', () => {
    const alice = addressOf(4, 1);
    const bob = addressOf(4, 2);
    const accounts = [
      account(alice),
      account(alice, { program: 'token2022', lamports: 2_074_080n }),
      account(alice, { amount: 10n }),
      account(bob),
      account(bob, { frozen: true }),
      account(bob, { program: 'token2022', withheldAmount: 3n }),
    ];
    const forecast = forecastCloses({
      master,
      accounts: [...accounts, accounts[0] as TokenAccountSnapshot],
      rentDestination: 'master',
      feePayer: 'master',
      microLamportsPerComputeUnit: 5000n,
    });
    if (!forecast.ok) throw new Error(forecast.error.message);
    const { value } = forecast;
    expect(value.closableAccounts).toBe(3);
    expect(value.rentLamports).toBe(2_039_280n * 2n + 2_074_080n);
    // One shared transaction: master, alice and bob sign; 300 + 3,500 × 2 + 6,000 units at 5,000.
    expect(value.transactions).toHaveLength(1);
    expect(value.feeLamports).toBe(15_000n + 67n);
    expect(value.netLamports).toBe(value.rentLamports - value.feeLamports);
    expect(value.blockers).toEqual({ 'has balance': 1, frozen: 1, 'withheld transfer fees': 1 });
    expect(value.skipped.map((skip) => skip.blocker)).toEqual([
      'has balance',
      'frozen',
      'withheld transfer fees',
    ]);
    const [a, b] = value.wallets;
    expect(a?.owner).toBe(alice);
    expect(a?.closableAccounts).toBe(2);
    expect(b?.closableAccounts).toBe(1);
    expect(b?.blockers.frozen).toBe(1);
    expect((a?.feeLamports ?? 0n) + (b?.feeLamports ?? 0n)).toBe(value.feeLamports);
    expect(a?.netLamports).toBe((a?.rentLamports ?? 0n) - (a?.feeLamports ?? 0n));
  });

  it('is empty for a fleet without empty accounts', () => {
    const forecast = forecastCloses({
      master,
      accounts: [account(addressOf(4, 3), { amount: 1n })],
      rentDestination: 'owner',
      feePayer: 'master',
      microLamportsPerComputeUnit: 0n,
    });
    if (!forecast.ok) throw new Error(forecast.error.message);
    expect(forecast.value.closableAccounts).toBe(0);
    expect(forecast.value.transactions).toEqual([]);
    expect(forecast.value.feeLamports).toBe(0n);
  });
});

describe('Close statistics', () => {
  it('floor the profit at 0', () => {
    const base = { processedWallets: 1, totalWallets: 2, closedAccounts: 1, skippedAccounts: 0 };
    expect(closeStatistics({ ...base, rentLamports: 100n, feeLamports: 30n }).profitLamports).toBe(
      70n,
    );
    expect(closeStatistics({ ...base, rentLamports: 10n, feeLamports: 30n }).profitLamports).toBe(
      0n,
    );
  });
});
