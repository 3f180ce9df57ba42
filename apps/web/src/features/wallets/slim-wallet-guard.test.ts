import { listSlimWalletsResponseSchema, slimWalletSchema } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { isSlimWallet, parseSlimWalletList } from './slim-wallet-guard';
import { testWallet } from './test-wallets';

const valid = testWallet(1, {
  name: 'Alpha',
  lamports: '18446744073709551615',
  importStatus: 'new',
  importBatchId: 'batch',
  sourceKind: 'import',
  sourceId: 'batch',
  tagIds: ['t'],
  groupIds: ['g'],
  tokensValueUsd: 1.5,
  lastScannedAt: '2026-01-01T00:00:00Z',
});

/** One bad field at a time: each must be refused by the fast check exactly as by the schema. */
const mutations: Record<string, unknown>[] = [
  { id: 'not-a-uuid' },
  { id: '00000000-0000-0000-0000-000000000001' },
  { address: 'short' },
  { address: 'x'.repeat(45) },
  { name: 5 },
  { lamports: '-1' },
  { lamports: 1 },
  { lamports: '1.5' },
  { tokenStats: { total: 1, withBalance: 1 } },
  { tokenStats: { total: 1.5, withBalance: 1, zeroBalance: 0 } },
  { isTrader: 'yes' },
  { isMasterWallet: null },
  { importStatus: 'old' },
  { importBatchId: 3 },
  { sourceKind: 'ledger' },
  { sourceId: false },
  { sourceLabel: null },
  { tagIds: [1] },
  { groupIds: 'g' },
  { poolCreator: 0 },
  { tokensValueUsd: '1' },
  { lastScannedAt: 0 },
  { createdAt: null },
];

describe('the fast check of the slim wallet list', () => {
  it('accepts a valid row, as the schema does', () => {
    expect(slimWalletSchema.safeParse(valid).success).toBe(true);
    expect(isSlimWallet(valid)).toBe(true);
  });

  it('refuses every single-field breakage the schema refuses', () => {
    for (const mutation of mutations) {
      const row = { ...valid, ...mutation };
      expect({ mutation, schema: slimWalletSchema.safeParse(row).success }).toEqual({
        mutation,
        schema: false,
      });
      expect({ mutation, fast: isSlimWallet(row) }).toEqual({ mutation, fast: false });
    }
    const { createdAt: _dropped, ...missing } = valid;
    expect(isSlimWallet(missing)).toBe(false);
  });

  it('returns the list and summary, and throws zod’s error for a bad answer', () => {
    const summary = {
      wallets: {
        total: 1,
        withSol: 1,
        withAssets: 0,
        withClosable: 0,
        poolCreators: 0,
        traders: 0,
      },
      totalLamports: '5',
      tokens: { uniqueAssets: 0, assetInstances: 0, instancesWithBalance: 0, totalValueUsd: null },
      closable: { count: 0, rentLamports: '0' },
      lastScannedAt: null,
    };
    const answer = { wallets: [valid], summary };
    expect(parseSlimWalletList(answer)).toEqual(listSlimWalletsResponseSchema.parse(answer));
    expect(parseSlimWalletList({ wallets: [valid] })).toEqual({ wallets: [valid] });
    expect(() => parseSlimWalletList({ wallets: [{ ...valid, lamports: 'x' }] })).toThrow(ZodError);
    expect(() => parseSlimWalletList({ wallets: [valid], summary: { nope: 1 } })).toThrow(ZodError);
    expect(() => parseSlimWalletList([])).toThrow(ZodError);
  });
});
