// Transaction records as JSON lines. Bigints are written as decimal strings with an `n` suffix
// and read back field by field (a reviver over every value made restarts with a long history
// several times slower).

import type { TransactionRecord } from '../history/transaction-record.js';

export function encodeRecord(record: TransactionRecord): string {
  return JSON.stringify(record, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  );
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

export function decodeRecord(line: string): TransactionRecord {
  const stored = JSON.parse(line) as Stored;
  return {
    ...stored,
    slot: big(stored.slot),
    fee: big(stored.fee),
    computeUnitsConsumed: big(stored.computeUnitsConsumed),
    preBalances: stored.preBalances.map(big),
    postBalances: stored.postBalances.map(big),
  };
}
