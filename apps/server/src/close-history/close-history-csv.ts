import { closeProfitLamports, formatLamportsAsSol, type CloseHistoryRecord } from '@fleet/core';
import { csvCell } from '../wallets/export-format';

const COLUMNS = [
  'closed_at_utc',
  'wallet',
  'mint',
  'token_account',
  'program',
  'rent_sol',
  'fee_sol',
  'profit_sol',
  'rent_lamports',
  'fee_lamports',
  'profit_lamports',
  'burned_raw',
  'tx_signature',
] as const;

/** SOL with all 9 decimals and no grouping, so a spreadsheet reads it as one number. */
function solText(lamports: string): string {
  return formatLamportsAsSol(BigInt(lamports), 9).replaceAll(',', '');
}

/**
 * The close history as RFC 4180 CSV (CRLF lines, quotes doubled, formula-like cells neutralised
 * by `csvCell`), one line per close as the records arrive: the file is never built whole.
 */
export async function* closeHistoryCsv(
  records: AsyncIterable<CloseHistoryRecord>,
): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  for await (const record of records) {
    const profit = closeProfitLamports(
      BigInt(record.rent_lamports),
      BigInt(record.fee_lamports),
    ).toString();
    yield `${[
      record.closed_at,
      record.wallet_address,
      record.mint_address,
      record.token_account,
      record.program,
      solText(record.rent_lamports),
      solText(record.fee_lamports),
      solText(profit),
      record.rent_lamports,
      record.fee_lamports,
      profit,
      record.burned_raw ?? '',
      record.tx_signature,
    ]
      .map(csvCell)
      .join(',')}\r\n`;
  }
}

/** `fleet-close-history-YYYYMMDD-HHMMSS.csv`, in UTC. */
export function closeHistoryFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `fleet-close-history-${stamp}.csv`;
}
