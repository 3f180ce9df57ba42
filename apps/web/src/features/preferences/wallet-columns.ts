/**
 * The wallet table's optional columns (spec 2 §2.1) and which are shown ("customize columns" in
 * the settings menu). Select, icons, Wallet and Actions are always shown.
 */
export const WALLET_TABLE_COLUMNS = [
  { id: 'source', label: 'Source' },
  { id: 'tags', label: 'Tags' },
  { id: 'total', label: 'Total Value' },
  { id: 'sol', label: 'SOL Balance' },
  { id: 'tokensValue', label: 'Tokens Value' },
  { id: 'withCount', label: 'With Bal' },
  { id: 'zeroCount', label: 'Zero Bal' },
  { id: 'importedAt', label: 'Imported' },
] as const;

export type WalletColumnId = (typeof WALLET_TABLE_COLUMNS)[number]['id'];

export const WALLET_COLUMNS_STORAGE_KEY = 'fleet.walletColumns.hidden';

/** Reads the hidden set forgivingly: anything unknown or malformed means "all shown". */
export function parseHiddenColumns(stored: string | null): ReadonlySet<WalletColumnId> {
  if (!stored) return new Set();
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return new Set();
    const known = new Set<string>(WALLET_TABLE_COLUMNS.map((column) => column.id));
    return new Set(
      parsed.filter((id): id is WalletColumnId => typeof id === 'string' && known.has(id)),
    );
  } catch {
    return new Set();
  }
}
