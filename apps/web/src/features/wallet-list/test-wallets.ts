import type { SlimWallet } from '@fleet/core';

/** A slim wallet for the web tests: an empty manual wallet unless the test says otherwise. */
export function testWallet(index: number, overrides: Partial<SlimWallet> = {}): SlimWallet {
  const hex = index.toString(16).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    address: `Addr${String(index).padStart(6, '0')}`.padEnd(44, '1'),
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
