import type { SlimWallet } from '../api/wallets';

/** A slim wallet for tests: an empty, unscanned manual wallet unless the test says otherwise. */
export function slimWallet(overrides: Partial<SlimWallet> & { readonly id: string }): SlimWallet {
  return {
    address: `${overrides.id.replace(/-/g, '').padEnd(40, 'x')}`,
    name: null,
    lamports: '0',
    tokenStats: { total: 0, withBalance: 0, zeroBalance: 0 },
    isTrader: false,
    isMasterWallet: false,
    importStatus: null,
    importBatchId: null,
    sourceKind: 'manual',
    sourceId: null,
    sourceLabel: 'PK',
    tagIds: [],
    groupIds: [],
    poolCreator: false,
    tokensValueUsd: null,
    lastScannedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
