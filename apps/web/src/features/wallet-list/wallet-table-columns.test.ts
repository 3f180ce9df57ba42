import { describe, expect, it } from 'vitest';
import { columnLabel, columnNote, tableColumns } from './wallet-table-columns';

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

  it('names the SOL column after the display unit', () => {
    const byId = new Map(tableColumns(new Set()).columns.map((column) => [column.id, column]));
    const sol = byId.get('sol');
    const total = byId.get('total');
    if (!sol || !total) throw new Error('columns missing');
    expect(columnLabel(sol, 'sol')).toBe('SOL Balance');
    expect(columnLabel(sol, 'lamports')).toBe('Lamports');
    expect(columnLabel(total, 'lamports')).toBe('Total Value');
  });

  it("says in the value columns' tooltip that they sort by SOL while nothing is priced", () => {
    const notes = (priced: boolean) =>
      tableColumns(new Set()).columns.flatMap((column) => {
        const note = columnNote(column, priced);
        return note === null ? [] : [[column.id, note]];
      });
    expect(notes(false)).toEqual([
      ['total', 'Not priced yet: sorts by SOL balance'],
      ['tokensValue', 'Not priced yet: sorts by SOL balance'],
    ]);
    expect(notes(true)).toEqual([]);
  });
});
