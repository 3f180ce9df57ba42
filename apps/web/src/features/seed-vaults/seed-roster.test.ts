import type { SeedGroup, SlimWallet } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  ALL_SEEDS,
  buildSeedRoster,
  filterSeedRoster,
  seedLabel,
  summarizeSeeds,
} from './seed-roster';

const seedA: SeedGroup = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  label: 'Main seed',
  seedFingerprint: 'f00dfeed'.repeat(8),
  derivationScheme: 'bip44-change',
  walletCount: 2,
  createdAt: '2026-11-01T00:00:00Z',
};
const seedB: SeedGroup = {
  ...seedA,
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  label: null,
  seedFingerprint: 'abcdef01'.repeat(8),
  derivationScheme: 'bip44',
  walletCount: 1,
};

function wallet(
  address: string,
  sourceId: string | null,
  lamports: string | null,
  extra: Partial<SlimWallet> = {},
): SlimWallet {
  return {
    id: `${address}-id`,
    address,
    name: null,
    lamports,
    tokenStats: { total: 0, withBalance: 0, zeroBalance: 0 },
    isTrader: false,
    isMasterWallet: false,
    importStatus: null,
    importBatchId: null,
    sourceKind: sourceId === null ? 'manual' : 'seed',
    sourceId,
    sourceLabel: 'Seed',
    tagIds: [],
    groupIds: [],
    poolCreator: false,
    tokensValueUsd: null,
    lastScannedAt: null,
    createdAt: '2026-11-02T00:00:00Z',
    ...extra,
  };
}

const wallets = [
  // u64 sums beyond 2^53 stay exact: 9,007,199,254.740993 SOL in lamports plus 1.5 SOL.
  wallet('Addr1', seedA.id, '9007199254740993', { lastScannedAt: '2026-11-20T10:00:00Z' }),
  wallet('Addr2', seedA.id, '1500000000'),
  wallet('Addr3', seedB.id, null),
  wallet('Manual', null, '5000000000'),
];

describe('seed roster', () => {
  const rows = buildSeedRoster([seedA, seedB], wallets);

  it("carries each vault's derivation scheme", () => {
    expect(rows.map((row) => row.scheme)).toEqual(['bip44-change', 'bip44']);
  });

  it('names unnamed seeds by their fingerprint', () => {
    expect(seedLabel(seedB)).toBe('Seed abcdef01');
    expect(rows.map((row) => row.label)).toEqual(['Main seed', 'Seed abcdef01']);
  });

  it('sums each seed wallets in exact lamports and ignores other sources', () => {
    expect(rows[0]?.lamports).toBe(9007200754740993n);
    expect(rows[1]?.lamports).toBe(0n);
    expect(rows[0]?.wallets.map((w) => w.address)).toEqual(['Addr1', 'Addr2']);
  });

  it('takes the latest scan or creation as last activity', () => {
    expect(rows[0]?.lastActivity).toBe('2026-11-20T10:00:00Z');
    expect(rows[1]?.lastActivity).toBe('2026-11-02T00:00:00Z');
  });

  it('summarises vaults, database wallet counts and value', () => {
    expect(summarizeSeeds(rows)).toEqual({
      vaults: 2,
      wallets: 3,
      lamports: 9007200754740993n,
      usd: null,
    });
  });

  it('adds the wallets’ Total Values in USD once there is a SOL price', () => {
    const priced = buildSeedRoster([seedA, seedB], wallets.slice(1), 100);
    // Addr2: 1.5 SOL at $100; Addr3 was never scanned, so seed B has no wallet it can value.
    expect(priced.map((row) => row.usd)).toEqual([150, null]);
    expect(summarizeSeeds(priced).usd).toBe(150);
    expect(summarizeSeeds([]).usd).toBeNull();
  });

  it('filters by the seed menu and searches labels, fingerprints and addresses', () => {
    expect(filterSeedRoster(rows, seedB.id, '').map((r) => r.id)).toEqual([seedB.id]);
    expect(filterSeedRoster(rows, ALL_SEEDS, 'main').map((r) => r.id)).toEqual([seedA.id]);
    expect(filterSeedRoster(rows, ALL_SEEDS, 'ABCDEF').map((r) => r.id)).toEqual([seedB.id]);
    expect(filterSeedRoster(rows, ALL_SEEDS, 'addr3').map((r) => r.id)).toEqual([seedB.id]);
    expect(filterSeedRoster(rows, seedA.id, 'addr3')).toEqual([]);
  });
});
