import { describe, expect, it } from 'vitest';

import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../chain/program-ids.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import { decodeJournalEntry, encodeJournalEntry, type JournalEntry } from './journal-entry.js';

const record: TransactionRecord = {
  seq: 4,
  signature: 'sig',
  slot: 18_446_744_073_709_551_615n,
  blockTime: 1_700_000_000,
  wire: 'AQID',
  loadedAddresses: { writable: [], readonly: [] },
  fee: 5_000n,
  err: null,
  preBalances: [9_007_199_254_740_993n, 0n],
  postBalances: [1n, 2n],
  preTokenBalances: [],
  postTokenBalances: [],
  logMessages: [],
  computeUnitsConsumed: 150n,
  innerInstructions: [],
  memo: null,
};

const payer = {
  address: '4yHLXNFTAtRoFXr86RzMvWSj7EPiuwU6YEp981uedqCR',
  account: {
    lamports: 18_446_744_073_709_551_615n,
    data: new Uint8Array(0),
    owner: SYSTEM_PROGRAM,
    executable: false,
    rentEpoch: 0n,
  },
};
const tokenAccount = {
  address: 'Cq6BP2wS8wuf9Ku7EgFGQPv9NPnXTijy74FVveUgFjV7',
  account: {
    lamports: 2_039_280n,
    data: Uint8Array.from({ length: 165 }, (_, i) => i),
    owner: TOKEN_PROGRAM,
    executable: false,
    rentEpoch: 18_446_744_073_709_551_615n,
  },
};

describe('journal lines', () => {
  it.each<[string, JournalEntry]>([
    [
      'a landed transaction with its accounts',
      {
        seq: 0,
        kind: 'transaction',
        record,
        writes: [payer, tokenAccount],
      },
    ],
    ['a fixture write', { seq: 1, kind: 'accounts', writes: [tokenAccount] }],
    [
      'an asset name',
      { seq: 2, kind: 'asset', mint: 'm', metadata: { name: 'A "b"', symbol: 'C' } },
    ],
    [
      'a clock reservation',
      {
        seq: 3,
        kind: 'clock',
        slotCeiling: 9_007_199_254_740_993n,
        clockOffsetSeconds: -86_400,
      },
    ],
  ])('round-trip %s exactly', (_name, entry) => {
    const line = encodeJournalEntry(entry);
    expect(line).not.toContain('\n');
    expect(decodeJournalEntry(line)).toEqual(entry);
  });

  it('keep an account without data under 180 bytes', () => {
    const withWrites = encodeJournalEntry({ seq: 0, kind: 'transaction', record, writes: [payer] });
    const without = encodeJournalEntry({ seq: 0, kind: 'transaction', record, writes: [] });
    expect(withWrites.length - without.length).toBeLessThan(180);
  });

  it.each([
    ['no sequence number', '{"w":[]}'],
    ['a negative sequence number', '{"n":-1,"w":[]}'],
    ['nothing the localnet writes', '{"n":0}'],
    ['lamports above u64', `{"n":0,"w":[["a","18446744073709551616","o",0,"0",""]]}`],
    ['lamports as a number', '{"n":0,"w":[["a",5,"o",0,"0",""]]}'],
    ['an executable flag that is not 0 or 1', '{"n":0,"w":[["a","5","o",true,"0",""]]}'],
    ['data that is not base64', '{"n":0,"w":[["a","5","o",0,"0","%%"]]}'],
    ['a transaction without its record fields', '{"n":0,"tx":{"seq":0},"w":[]}'],
    ['a clock without its ceiling', '{"n":0,"clock":[null,0]}'],
    ['a line cut short', '{"n":0,"w":[["a","5"'],
  ])('refuse a line with %s', (_name, line) => {
    expect(() => decodeJournalEntry(line)).toThrow();
  });
});
