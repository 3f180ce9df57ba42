import type { WalletListRow } from './wallet-list-sql';

/**
 * Writes list rows as the JSON of `slimWalletSchema` / `walletSchema` with template strings: at
 * 50,000 wallets, building objects and running `JSON.stringify` and zod over them would cost more
 * than the query. Free text (names, labels, addresses) goes through `JSON.stringify`; uuids,
 * numbers and booleans are safe as they are. The API tests parse this output with the contract
 * schemas, so a field that drifts from the contract fails there.
 */
export function walletRowJson(row: WalletListRow): string {
  const seed = row.seed_group_id !== null;
  const manual = !seed && row.source_kind === 'manual';
  const sourceKind = seed ? 'seed' : manual ? 'manual' : 'import';
  const sourceId = seed ? row.seed_group_id : manual ? null : row.import_batch_id;
  const sourceLabel = seed ? row.seed_label || 'Seed' : 'PK';
  const total = Number(row.tok_total);
  const withBalance = Number(row.tok_with_balance);
  let json =
    `{"id":"${row.id}","address":${JSON.stringify(row.address)},"name":${text(row.name)}` +
    `,"lamports":${row.lamports === null ? 'null' : `"${row.lamports}"`}` +
    `,"tokenStats":{"total":${total},"withBalance":${withBalance},"zeroBalance":${total - withBalance}}` +
    `,"isTrader":${row.is_trader},"isMasterWallet":${row.is_master}` +
    `,"importStatus":${text(row.import_status)},"importBatchId":${uuid(row.import_batch_id)}` +
    `,"sourceKind":"${sourceKind}","sourceId":${uuid(sourceId)},"sourceLabel":${JSON.stringify(sourceLabel)}` +
    `,"tagIds":${uuidList(row.tag_ids)},"groupIds":${uuidList(row.group_ids)}` +
    `,"poolCreator":false,"tokensValueUsd":null` +
    `,"lastScannedAt":${time(row.last_scanned_ms)},"createdAt":${time(row.created_ms)}`;
  if (row.tokens !== undefined) json += `,"tokens":${row.tokens}`;
  if (row.tags !== undefined) json += `,"tags":${row.tags}`;
  return `${json}}`;
}

/** The rows as the body of a JSON array (without the brackets). */
export function walletRowsJson(rows: readonly WalletListRow[]): string {
  const parts = new Array<string>(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index];
    if (row) parts[index] = walletRowJson(row);
  }
  return parts.join(',');
}

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const uuid = (value: string | null) => (value === null ? 'null' : `"${value}"`);
const uuidList = (joined: string) => (joined === '' ? '[]' : `["${joined.replace(/,/g, '","')}"]`);

/** Epoch milliseconds (a number, or a numeric string from drivers that keep float8 as text). */
function time(ms: number | string | null): string {
  return ms === null ? 'null' : `"${new Date(Number(ms)).toISOString()}"`;
}
