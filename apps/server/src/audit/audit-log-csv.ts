import { auditActionLabel, auditDetailText, type AuditLogEntry } from '@fleet/core';
import { csvCell } from '../wallets/export-format';

const COLUMNS = ['time_utc', 'user', 'action', 'event', 'outcome', 'ip', 'detail'] as const;

/**
 * The audit log as RFC 4180 CSV (CRLF lines, quotes doubled, formula-like cells neutralised by
 * `csvCell`), one line per entry as the entries arrive: the file is never built whole.
 */
export async function* auditLogCsv(entries: AsyncIterable<AuditLogEntry>): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  for await (const entry of entries) {
    yield `${[
      entry.at,
      entry.actor,
      entry.action,
      auditActionLabel(entry.action),
      entry.outcome,
      entry.ip,
      auditDetailText(entry),
    ]
      .map(csvCell)
      .join(',')}\r\n`;
  }
}

/** `fleet-audit-log-YYYYMMDD-HHMMSS.csv`, in UTC. */
export function auditLogFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `fleet-audit-log-${stamp}.csv`;
}
