import { sortsBySolWhileUnpriced, UNPRICED_SORT_NOTE, type WalletSortKey } from '@fleet/core';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { WALLET_TABLE_COLUMNS, type WalletColumnId } from '../preferences/wallet-columns';

/** Spec 2 §9: virtual table row height and overscan; lists from 500 rows must virtualise. */
export const ROW_HEIGHT = 44;
export const OVERSCAN = 12;
export const MIN_BODY_HEIGHT = 880;
export const FOOTER_SPACE = 144;

export interface TableColumn {
  readonly id: 'select' | 'icons' | 'wallet' | WalletColumnId | 'actions';
  readonly label: string;
  readonly width: string;
  readonly sortKey: WalletSortKey | null;
  readonly align: 'left' | 'right';
}

const OPTIONAL_WIDTHS: Readonly<Record<WalletColumnId, string>> = {
  source: '120px',
  tags: '220px',
  total: '110px',
  sol: '150px',
  tokensValue: '110px',
  withCount: '84px',
  zeroCount: '84px',
  importedAt: '100px',
};

const RIGHT_ALIGNED = new Set<WalletColumnId>([
  'total',
  'sol',
  'tokensValue',
  'withCount',
  'zeroCount',
]);

/**
 * The columns shown, in spec order: select, icons, Wallet, the optional columns the operator has
 * not hidden (settings menu, customize columns), Actions; plus the CSS grid template for them.
 */
export function tableColumns(hidden: ReadonlySet<WalletColumnId>): {
  readonly columns: readonly TableColumn[];
  readonly template: string;
} {
  const columns: TableColumn[] = [
    { id: 'select', label: 'Select', width: '40px', sortKey: null, align: 'left' },
    { id: 'icons', label: '', width: '104px', sortKey: null, align: 'left' },
    {
      id: 'wallet',
      label: 'Wallet',
      width: 'minmax(220px, 1fr)',
      sortKey: 'wallet',
      align: 'left',
    },
  ];
  for (const column of WALLET_TABLE_COLUMNS) {
    if (hidden.has(column.id)) continue;
    columns.push({
      id: column.id,
      label: column.label,
      width: OPTIONAL_WIDTHS[column.id],
      sortKey: column.id,
      align: RIGHT_ALIGNED.has(column.id) ? 'right' : 'left',
    });
  }
  columns.push({ id: 'actions', label: 'Actions', width: '64px', sortKey: null, align: 'right' });
  return { columns, template: columns.map((column) => column.width).join(' ') };
}

/** A column's header text: the SOL column names the unit its figures are in. */
export function columnLabel(column: TableColumn, unit: DisplayUnit): string {
  if (column.id === 'sol' && unit === 'lamports') return 'Lamports';
  return column.label;
}

/** The header's tooltip: the value columns say that they sort by SOL while nothing is priced. */
export function columnNote(column: TableColumn, valuesPriced: boolean): string | null {
  if (valuesPriced || column.sortKey === null || !sortsBySolWhileUnpriced(column.sortKey)) {
    return null;
  }
  return UNPRICED_SORT_NOTE;
}
