import { describe, expect, it } from 'vitest';

import type { TransactionRecord } from '../history/transaction-record.js';
import { decodeRecord, encodeRecord } from './record-codec.js';

describe('transaction record lines', () => {
  it('round-trip every field, u64s above 2^53 included', () => {
    const record: TransactionRecord = {
      seq: 3,
      signature: 'sig',
      slot: 18_446_744_073_709_551_615n,
      blockTime: 1_700_000_000,
      wire: 'AQID',
      loadedAddresses: { writable: ['w'], readonly: [] },
      fee: 5_000n,
      err: { InstructionError: [0, { Custom: 1 }] },
      preBalances: [9_007_199_254_740_993n, 0n],
      postBalances: [1n, 2n],
      preTokenBalances: [
        {
          accountIndex: 1,
          mint: 'm',
          owner: 'o',
          programId: 'p',
          uiTokenAmount: { amount: '1', decimals: 0, uiAmount: 1, uiAmountString: '1' },
        },
      ],
      postTokenBalances: [],
      logMessages: ['a log line ending in 5n'],
      computeUnitsConsumed: 150n,
      innerInstructions: [],
      memo: null,
    };
    expect(decodeRecord(encodeRecord(record))).toEqual(record);
  });

  it('refuses a line whose u64s were not written by the localnet', () => {
    expect(() =>
      decodeRecord(
        '{"slot":5,"fee":"1n","computeUnitsConsumed":"1n","preBalances":[],"postBalances":[]}',
      ),
    ).toThrow();
  });
});
