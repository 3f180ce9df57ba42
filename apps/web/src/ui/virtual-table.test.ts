import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../test-support/render-static';
import { VirtualTable } from './virtual-table';

const rows = Array.from({ length: 50_000 }, (_, index) => ({ id: `w${index}` }));

describe('the virtual table', () => {
  it('puts only the first screen of 50,000 rows in the DOM, numbered for assistive technology', () => {
    const html = renderStatic(
      createElement(VirtualTable<{ id: string }>, {
        label: 'Wallets in All Wallets',
        rows,
        rowKey: (row) => row.id,
        columns: 'grid-cols-[1fr]',
        maxHeight: 'max-h-[32rem]',
        header: createElement('span', { role: 'columnheader' }, 'Wallet'),
        cells: (row) =>
          createElement(Fragment, null, createElement('span', { role: 'cell' }, row.id)),
      }),
    );
    const rendered = html.match(/role="row"/g) ?? [];
    // The header row, the rows of the first paint and the overscan: never the whole list.
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThanOrEqual(30);
    expect(html).toContain('aria-rowcount="50001"');
    expect(html).toContain('>w0<');
    expect(html).not.toContain('>w49999<');
  });
});
