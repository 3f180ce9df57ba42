import type { BurnTokensPlan } from '@fleet/core';

/**
 * A burn plan in the contract's shape, for the tests of the views that read one: two wallets, one
 * priced dust mint burned in both, one account above the threshold and one unpriced left.
 */
export const FIXTURE_MASTER = 'Master1111111111111111111111111111111111111';
export const FIXTURE_WALLETS = [
  'Wa11etA111111111111111111111111111111111111',
  'Wa11etB111111111111111111111111111111111111',
] as const;
export const FIXTURE_DUST_MINT = 'DustA11111111111111111111111111111111111111';
export const FIXTURE_BIG_MINT = 'BigM111111111111111111111111111111111111111';
export const FIXTURE_UNPRICED_MINT = 'Unpr111111111111111111111111111111111111111';

export function burnPlanFixture(overrides: Partial<BurnTokensPlan> = {}): BurnTokensPlan {
  const [walletA, walletB] = FIXTURE_WALLETS;
  return {
    planId: 'c'.repeat(64),
    createdAt: '2025-01-02T03:04:05.000Z',
    expiresAt: '2025-01-02T03:14:05.000Z',
    master: FIXTURE_MASTER,
    rentDestination: 'master',
    microLamportsPerUnit: '0',
    threshold: { kind: 'usd', belowUsd: '1' },
    unpricedMints: [],
    pricedAt: '2025-01-02T03:04:04.000Z',
    totalWallets: 2,
    burnAccounts: 2,
    burnedValueUsd: 0.0042,
    mints: [
      {
        mint: FIXTURE_DUST_MINT,
        program: 'token',
        accounts: 2,
        wallets: 2,
        amount: '4200',
        decimals: 6,
        priceUsd: 1,
        valueUsd: 0.0042,
      },
    ],
    burns: [
      {
        wallet: walletA,
        walletId: null,
        tokenAccount: 'AccA111111111111111111111111111111111111111',
        mint: FIXTURE_DUST_MINT,
        program: 'token',
        amount: '2100',
        decimals: 6,
        valueUsd: 0.0021,
        rentLamports: '2039280',
      },
      {
        wallet: walletB,
        walletId: null,
        tokenAccount: 'AccB111111111111111111111111111111111111111',
        mint: FIXTURE_DUST_MINT,
        program: 'token',
        amount: '2100',
        decimals: 6,
        valueUsd: 0.0021,
        rentLamports: '2039280',
      },
    ],
    skippedAccounts: 2,
    skippedByReason: {
      'above threshold': 1,
      unpriced: 1,
      frozen: 0,
      'withheld transfer fees': 0,
      'wrapped SOL': 0,
      empty: 0,
    },
    skipped: [
      {
        wallet: walletA,
        tokenAccount: 'AccC111111111111111111111111111111111111111',
        mint: FIXTURE_BIG_MINT,
        program: 'token2022',
        amount: '5000000000',
        valueUsd: 5000,
        reason: 'above threshold',
      },
      {
        wallet: walletB,
        tokenAccount: 'AccD111111111111111111111111111111111111111',
        mint: FIXTURE_UNPRICED_MINT,
        program: 'token',
        amount: '77',
        valueUsd: 'unpriced',
        reason: 'unpriced',
      },
    ],
    wallets: [
      {
        wallet: walletA,
        walletId: null,
        burnAccounts: 1,
        skippedAccounts: 1,
        rentLamports: '2039280',
        feeLamports: '5000',
        netLamports: '2034280',
      },
      {
        wallet: walletB,
        walletId: null,
        burnAccounts: 1,
        skippedAccounts: 1,
        rentLamports: '2039280',
        feeLamports: '5000',
        netLamports: '2034280',
      },
    ],
    transactions: [
      {
        owners: [walletA, walletB],
        feePayer: FIXTURE_MASTER,
        accounts: 2,
        signatures: 3,
        size: 700,
        computeUnitLimit: 20000,
        feeLamports: '15000',
        rentLamports: '4078560',
      },
    ],
    rentLamports: '4078560',
    feeLamports: '15000',
    netLamports: '4063560',
    ...overrides,
  };
}
