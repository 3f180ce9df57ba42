import type { CloseHistoryRecord } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { closeHistoryCsv, closeHistoryFileName } from './close-history-csv';

async function text(records: CloseHistoryRecord[]): Promise<string> {
  let out = '';
  // An async source, as the service's batches arrive.
  const source = (async function* () {
    for (const item of records) yield await Promise.resolve(item);
  })();
  for await (const chunk of closeHistoryCsv(source)) out += chunk;
  return out;
}

const record: CloseHistoryRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  closed_at: '2026-11-20T08:00:00.000Z',
  wallet_address: 'W'.repeat(44),
  mint_address: 'M'.repeat(44),
  token_account: 'A'.repeat(44),
  program: 'token2022',
  rent_lamports: '1234567890123',
  fee_lamports: '2000000000000',
  profit_lamports: '0',
  burned_raw: null,
  tx_signature: 'S'.repeat(88),
};

describe('the close history CSV', () => {
  it('writes SOL with 9 decimals and no grouping, lamports beside, profit floored at 0', async () => {
    const lines = (await text([record])).split('\r\n');
    expect(lines[1]).toBe(
      `2026-11-20T08:00:00.000Z,${'W'.repeat(44)},${'M'.repeat(44)},${'A'.repeat(44)},token2022,1234.567890123,2000.000000000,0.000000000,1234567890123,2000000000000,0,,${'S'.repeat(88)}`,
    );
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const lines = (await text([{ ...record, wallet_address: '=HYPERLINK("x")' }])).split('\r\n');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it('names the file by the UTC time', () => {
    expect(closeHistoryFileName(new Date('2026-11-28T03:04:05.678Z'))).toBe(
      'fleet-close-history-20261128-030405.csv',
    );
  });
});
