import { describe, expect, it } from 'vitest';
import { decodeSlimWalletColumns } from './decode-wallet-columns';
import { slimWallet } from './test-wallet';
import { slimWalletColumns } from './test-wallet-columns';

const BATCH = '11111111-1111-4111-8111-111111111111';
const SEED = '22222222-2222-4222-8222-222222222222';

const wallets = [
  slimWallet({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Alpha "one"',
    lamports: '18446744073709551615',
    tokenStats: { total: 3, withBalance: 1, zeroBalance: 2 },
    isTrader: true,
    importStatus: 'new',
    importBatchId: BATCH,
    sourceKind: 'import',
    sourceId: BATCH,
    tagIds: ['tag-b', 'tag-a'],
    groupIds: ['group-a'],
    lastScannedAt: '2026-03-04T05:06:07.089Z',
    createdAt: '2026-01-01T00:00:00.001Z',
  }),
  slimWallet({
    id: '00000000-0000-4000-8000-000000000002',
    lamports: null,
    isMasterWallet: true,
    sourceKind: 'seed',
    sourceId: SEED,
    sourceLabel: 'Desk seed',
    tagIds: ['tag-a'],
    createdAt: '2026-01-01T00:00:00.001Z',
  }),
  slimWallet({
    id: '00000000-0000-4000-8000-000000000003',
    poolCreator: true,
    tokensValueUsd: 12.5,
  }),
];

describe('decoding the columnar wallet list', () => {
  it('gives back every wallet, field for field, in the server’s order', () => {
    expect(decodeSlimWalletColumns(slimWalletColumns(wallets))).toEqual(wallets);
  });

  it('writes times as Date#toISOString does, to the millisecond', () => {
    const [first] = decodeSlimWalletColumns(slimWalletColumns(wallets));
    expect(first?.lastScannedAt).toBe('2026-03-04T05:06:07.089Z');
    expect(first?.createdAt).toBe('2026-01-01T00:00:00.001Z');
  });

  it('derives the zero-balance count from the two token counts', () => {
    const [first] = decodeSlimWalletColumns(slimWalletColumns(wallets));
    expect(first?.tokenStats).toEqual({ total: 3, withBalance: 1, zeroBalance: 2 });
  });

  it('decodes an empty list', () => {
    expect(decodeSlimWalletColumns(slimWalletColumns([]))).toEqual([]);
  });

  it('refuses an index past its dictionary or a short column instead of inventing a value', () => {
    const broken = slimWalletColumns(wallets);
    broken.columns.tags[0] = [9];
    expect(() => decodeSlimWalletColumns(broken)).toThrow(RangeError);
    const short = slimWalletColumns(wallets);
    short.columns.address.pop();
    expect(() => decodeSlimWalletColumns(short)).toThrow(RangeError);
  });
});
