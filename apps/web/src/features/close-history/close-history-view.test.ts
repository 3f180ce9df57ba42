import type { CloseHistoryRecord } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  closeHistoryFilterFromParams,
  closeHistorySearch,
  closeRecords,
  closeRow,
  fallbackCloseHistoryFilename,
  filterProblems,
  isFiltered,
  paramsOfFilter,
  totalsView,
} from './close-history-view';

const WALLET = '9sBory5aFhsv9E3o8ZcFsZ4T9efGP8idVhRDUzdU5cgq';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const record: CloseHistoryRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  closed_at: '2026-11-20T08:00:00.000Z',
  wallet_address: WALLET,
  mint_address: MINT,
  token_account: 'So11111111111111111111111111111111111111112',
  program: 'token',
  rent_lamports: '2039280',
  fee_lamports: '5000',
  profit_lamports: '2034280',
  burned_raw: null,
  tx_signature: '5'.repeat(88),
};

describe('the close history view', () => {
  it('shows rent, fee and profit in SOL to 6 decimals, cut rather than rounded', () => {
    const row = closeRow({ ...record, rent_lamports: '1234567999999' });
    expect(row.rent).toBe('1,234.567999');
    expect(row.fee).toBe('0.000005');
    expect(row.profit).toBe('0.002034');
    expect(row.wallet).toBe(WALLET);
    expect(row.walletShort).not.toBe(WALLET);
    expect(row.signature).toBe(record.tx_signature);
    expect(row.burned).toBeNull();
    expect(closeRow({ ...record, burned_raw: '1000' }).burned).toBe('Burned 1000 raw units first');
  });

  it('totals accounts and SOL for the cards', () => {
    expect(
      totalsView({
        accounts: 12345,
        rentLamports: '25175312160',
        feeLamports: '61725000',
        profitLamports: '25113587160',
      }),
    ).toEqual({ accounts: '12,345', rent: '25.175312', fees: '0.061725', profit: '25.113587' });
  });

  it('keeps the filter in the address bar and sends only the fields that are set', () => {
    const filter = closeHistoryFilterFromParams(
      new URLSearchParams(`wallet=${WALLET}&mint=&from=2026-11-01&other=x`),
    );
    expect(filter).toEqual({ wallet: WALLET, mint: '', from: '2026-11-01', to: '' });
    expect(isFiltered(filter)).toBe(true);
    expect(paramsOfFilter(filter).toString()).toBe(`wallet=${WALLET}&from=2026-11-01`);
    expect(closeHistorySearch(filter, { limit: 100, cursor: 'abc' })).toBe(
      `?wallet=${WALLET}&from=2026-11-01&limit=100&cursor=abc`,
    );
    const none = { wallet: '', mint: '', from: '', to: '' };
    expect(closeHistorySearch(none)).toBe('');
    expect(isFiltered(none)).toBe(false);
  });

  it('names the fields the server would refuse before asking it', () => {
    expect(filterProblems({ wallet: 'abc', mint: MINT, from: '', to: '' })).toEqual({
      wallet: 'Not a Solana address',
    });
    expect(
      filterProblems({ wallet: '', mint: 'x'.repeat(44), from: '2026-11-03', to: '2026-11-02' }),
    ).toEqual({ mint: 'Not a Solana address', from: 'From must not be after To' });
    expect(
      filterProblems({ wallet: WALLET, mint: '', from: '2026-11-02', to: '2026-11-02' }),
    ).toEqual({});
  });

  it('lists each record once across pages', () => {
    const other = { ...record, id: '00000000-0000-4000-8000-000000000002' };
    expect(closeRecords([{ records: [record] }, { records: [record, other] }])).toEqual([
      record,
      other,
    ]);
  });

  it('names a download like the server does', () => {
    expect(fallbackCloseHistoryFilename(new Date('2026-11-28T03:04:05.678Z'))).toBe(
      'fleet-close-history-20261128-030405.csv',
    );
  });
});
