import type { z } from 'zod';
import type { exportedWalletSchema } from '@fleet/core';

export type ExportedWallet = z.infer<typeof exportedWalletSchema>;

const CSV_COLUMNS = ['address', 'name', 'source', 'tags', 'lamports', 'createdAt'] as const;

/**
 * RFC 4180 CSV (CRLF lines, quotes doubled). A cell a spreadsheet would read as a formula
 * (starting with = + - @, or tab / carriage return) gets a leading apostrophe first, so an
 * exported wallet name cannot run code when the file is opened.
 */
export function toCsv(rows: readonly ExportedWallet[], withKeys: boolean): string {
  const header = withKeys ? [...CSV_COLUMNS, 'privateKey'] : [...CSV_COLUMNS];
  const lines = [header.join(',')];
  for (const row of rows) {
    const cells: (string | null | undefined)[] = [
      row.address,
      row.name,
      row.source,
      row.tags,
      row.lamports,
      row.createdAt,
    ];
    if (withKeys) cells.push(row.privateKey);
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** `fleet-wallets-YYYYMMDD-HHMMSS.csv|json`, in UTC. */
export function exportFileName(at: Date, format: 'csv' | 'json'): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `fleet-wallets-${stamp}.${format}`;
}
