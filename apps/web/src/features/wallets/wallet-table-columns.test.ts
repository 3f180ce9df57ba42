import { describe, expect, it } from 'vitest';
import { tableColumns } from './wallet-table-columns';

describe('wallet table columns', () => {
  it('shows every spec column in order when none is hidden', () => {
    expect(tableColumns(new Set()).columns.map((column) => column.id)).toEqual([
      'select',
      'icons',
      'wallet',
      'source',
      'tags',
      'total',
      'sol',
      'tokensValue',
      'withCount',
      'zeroCount',
      'importedAt',
      'actions',
    ]);
  });

  it('leaves out hidden optional columns, from the grid template too', () => {
    const { columns, template } = tableColumns(new Set(['tags', 'importedAt']));
    expect(columns.map((column) => column.id)).not.toContain('tags');
    expect(columns.map((column) => column.id)).not.toContain('importedAt');
    expect(
      template.split(' ').filter((part) => part.endsWith('px') && !part.includes('(')).length,
    ).toBe(columns.length - 1);
  });

  it('sorts the spec’s sortable columns only', () => {
    const sortable = tableColumns(new Set()).columns.flatMap((column) =>
      column.sortKey ? [column.sortKey] : [],
    );
    expect(sortable).toEqual([
      'wallet',
      'source',
      'tags',
      'total',
      'sol',
      'tokensValue',
      'withCount',
      'zeroCount',
      'importedAt',
    ]);
  });
});
