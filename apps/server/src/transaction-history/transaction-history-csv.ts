import type { TransactionRecord } from '@fleet/core';
import { csvCell } from '../wallets/export-format';

const COLUMNS = [
  'time_utc',
  'kind',
  'side',
  'wallet',
  'wallet_count',
  'amount_sol',
  'tokens',
  'status',
  'signature',
  'error',
  'operation_id',
  'transaction_id',
] as const;

/**
 * The history as RFC 4180 CSV (CRLF lines, quotes doubled, formula-like cells neutralised by
 * `csvCell`), one line per record as the records arrive: the file is never built whole.
 */
export async function* transactionHistoryCsv(
  records: AsyncIterable<TransactionRecord>,
): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  for await (const record of records) {
    yield `${[
      record.timestamp,
      record.kind,
      record.side,
      record.wallet,
      String(record.walletCount),
      record.amountSol,
      record.tokens,
      record.status,
      record.txId,
      record.error,
      record.operationId,
      record.id,
    ]
      .map(csvCell)
      .join(',')}\r\n`;
  }
}

/** `fleet-transactions-YYYYMMDD-HHMMSS.csv`, in UTC. */
export function transactionHistoryFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `fleet-transactions-${stamp}.csv`;
}
