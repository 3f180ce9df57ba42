import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { slimWallet } from '../wallets/test-wallet';
import { slimWalletColumns } from '../wallets/test-wallet-columns';
import { slimWalletListResponseSchema, type SlimWalletListResponse } from './wallet-columns';
import { isSlimWalletListResponse, readSlimWalletList } from './wallet-columns-check';
import type { WalletSummary } from './wallets';

const summary: WalletSummary = {
  wallets: { total: 2, withSol: 1, withAssets: 0, withClosable: 0, poolCreators: 0, traders: 0 },
  totalLamports: '5',
  tokens: { uniqueAssets: 0, assetInstances: 0, instancesWithBalance: 0, totalValueUsd: null },
  closable: { count: 0, rentLamports: '0' },
  lastScannedAt: null,
};

const wallets = [
  slimWallet({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Alpha',
    lamports: '5',
    importStatus: 'new',
    importBatchId: 'batch',
    sourceKind: 'import',
    sourceId: 'batch',
    tagIds: ['t'],
    groupIds: ['g'],
    tokensValueUsd: 1.5,
    lastScannedAt: '2026-01-01T00:00:00.000Z',
  }),
  slimWallet({ id: '00000000-0000-4000-8000-000000000002', lamports: null }),
];

const valid = () => slimWalletColumns(wallets, { version: '42', summary });

type Mutation = readonly [string, (body: SlimWalletListResponse & Record<string, unknown>) => void];

/** One breakage at a time: each must be refused by the fast check exactly as by the schema. */
const mutations: Mutation[] = [
  ['version not digits', (b) => (b.version = 'v1')],
  ['count negative', (b) => (b.count = -1)],
  ['count off by one', (b) => (b.count = 3)],
  ['a short column', (b) => b.columns.address.pop()],
  ['a column missing', (b) => delete (b.columns as Partial<typeof b.columns>).name],
  ['id not a uuid', (b) => (b.columns.id[0] = 'nope')],
  ['id of a reserved variant', (b) => (b.columns.id[0] = '00000000-0000-0000-0000-000000000001')],
  ['address too short', (b) => (b.columns.address[0] = 'short')],
  ['address too long', (b) => (b.columns.address[0] = 'x'.repeat(45))],
  ['name a number', (b) => ((b.columns.name as unknown[])[0] = 5)],
  ['lamports negative', (b) => (b.columns.lamports[0] = '-1')],
  ['lamports a number', (b) => ((b.columns.lamports as unknown[])[0] = 1)],
  ['lamports fractional', (b) => (b.columns.lamports[0] = '1.5')],
  ['lamports past a u64', (b) => (b.columns.lamports[0] = '18446744073709551616')],
  ['version past a u64', (b) => (b.version = '99999999999999999999')],
  ['token count fractional', (b) => (b.columns.tokenAccounts[0] = 1.5)],
  ['token count negative', (b) => (b.columns.fundedTokenAccounts[0] = -1)],
  ['trader a boolean', (b) => ((b.columns.trader as unknown[])[0] = true)],
  ['master a 2', (b) => ((b.columns.master as unknown[])[0] = 2)],
  ['pool creator null', (b) => ((b.columns.poolCreator as unknown[])[0] = null)],
  ['unknown import status', (b) => ((b.columns.importStatus as unknown[])[0] = 'old')],
  ['batch past its dictionary', (b) => (b.columns.importBatch[0] = 1)],
  ['source past its dictionary', (b) => (b.columns.source[0] = 7)],
  ['tag past its dictionary', (b) => (b.columns.tags[0] = [0, 1])],
  ['group list not a list', (b) => ((b.columns.groups as unknown[])[0] = 0)],
  ['value a string', (b) => ((b.columns.tokensValueUsd as unknown[])[0] = '1')],
  ['scan time a string', (b) => ((b.columns.lastScannedAt as unknown[])[0] = '2026-01-01')],
  ['creation time null', (b) => ((b.columns.createdAt as unknown[])[0] = null)],
  ['unknown source kind', (b) => ((b.dictionaries.sources[0] as { kind: string }).kind = 'ledger')],
  ['tag ids not text', (b) => ((b.dictionaries.tagIds as unknown[])[0] = 3)],
  ['summary broken', (b) => (b.summary = { nope: 1 } as unknown as WalletSummary)],
];

describe('the fast check of the columnar wallet list', () => {
  it('accepts a valid answer, as the schema does', () => {
    expect(slimWalletListResponseSchema.safeParse(valid()).success).toBe(true);
    expect(isSlimWalletListResponse(valid())).toBe(true);
    const { summary: _dropped, ...withoutSummary } = valid();
    expect(isSlimWalletListResponse(withoutSummary)).toBe(true);
    const largest = valid();
    largest.columns.lamports[0] = '18446744073709551615';
    largest.version = '018446744073709551615';
    expect(slimWalletListResponseSchema.safeParse(largest).success).toBe(true);
    expect(isSlimWalletListResponse(largest)).toBe(true);
  });

  it('refuses every single breakage the schema refuses', () => {
    for (const [name, mutate] of mutations) {
      const body = valid() as SlimWalletListResponse & Record<string, unknown>;
      mutate(body);
      expect({ name, schema: slimWalletListResponseSchema.safeParse(body).success }).toEqual({
        name,
        schema: false,
      });
      expect({ name, fast: isSlimWalletListResponse(body) }).toEqual({ name, fast: false });
    }
    expect(isSlimWalletListResponse([])).toBe(false);
    expect(isSlimWalletListResponse(null)).toBe(false);
  });

  it('reads a valid answer into rows and throws zod’s error for a bad one', () => {
    expect(readSlimWalletList(valid())).toEqual({ version: '42', wallets, summary });
    const broken = valid();
    broken.columns.lamports[0] = 'x';
    expect(() => readSlimWalletList(broken)).toThrow(ZodError);
    expect(() => readSlimWalletList({ wallets: [] })).toThrow(ZodError);
  });
});
