// Transaction records as JSON lines: bigints become decimal strings and come back as bigints.

import type { TransactionRecord } from '../history/transaction-record.js';

export function encodeRecord(record: TransactionRecord): string {
  return JSON.stringify(record, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  );
}

const BIGINT_TEXT = /^-?\d+n$/;

export function decodeRecord(line: string): TransactionRecord {
  return JSON.parse(line, (_key, value: unknown) =>
    typeof value === 'string' && BIGINT_TEXT.test(value) ? BigInt(value.slice(0, -1)) : value,
  ) as TransactionRecord;
}
