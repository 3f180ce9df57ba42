// Transaction records as JSON. Bigints are written as decimal strings with an `n` suffix and read
// back field by field (a reviver over every value made restarts with a long history several
// times slower).

import type { TransactionRecord } from '../history/transaction-record.js';

/** A JSON.stringify replacer writing every bigint as a decimal string with an `n` suffix. */
export function bigintsAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value;
}

export function encodeRecord(record: TransactionRecord): string {
  return JSON.stringify(record, bigintsAsText);
}

function big(value: unknown): bigint {
  if (typeof value !== 'string' || !value.endsWith('n'))
    throw new Error(`not a stored bigint: ${String(value)}`);
  return BigInt(value.slice(0, -1));
}

type Stored = Omit<
  TransactionRecord,
  'slot' | 'fee' | 'computeUnitsConsumed' | 'preBalances' | 'postBalances'
> & {
  slot: unknown;
  fee: unknown;
  computeUnitsConsumed: unknown;
  preBalances: unknown[];
  postBalances: unknown[];
};

/** A record from its parsed JSON; throws when the fields the localnet computes with are wrong. */
export function recordFromJson(value: unknown): TransactionRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('a transaction record must be an object');
  const stored = value as Stored;
  if (!Number.isSafeInteger(stored.seq) || typeof stored.signature !== 'string')
    throw new Error('a transaction record needs its seq and signature');
  if (
    typeof stored.wire !== 'string' ||
    !Array.isArray(stored.preBalances) ||
    !Array.isArray(stored.postBalances)
  )
    throw new Error(`transaction record ${stored.seq} has no wire bytes or balances`);
  return {
    ...stored,
    slot: big(stored.slot),
    fee: big(stored.fee),
    computeUnitsConsumed: big(stored.computeUnitsConsumed),
    preBalances: stored.preBalances.map(big),
    postBalances: stored.postBalances.map(big),
  };
}

export function decodeRecord(line: string): TransactionRecord {
  return recordFromJson(JSON.parse(line));
}
