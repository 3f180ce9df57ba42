import { describe, expect, it } from 'vitest';
import { testWallet } from './test-wallets';
import { buildRowView, createRowViewCache } from './wallet-row-view';

const tags = new Map([
  ['t1', { id: 't1', name: 'Whale', color: '#ef4444' }],
  ['t2', { id: 't2', name: 'Bot', color: null }],
  ['t3', { id: 't3', name: 'Cold', color: '#22c55e' }],
  ['t4', { id: 't4', name: 'Hot', color: '#eab308' }],
]);
const now = Date.parse('2026-01-01T02:00:00Z');

describe('row views', () => {
  it('formats once what the row shows', () => {
    const view = buildRowView(
      testWallet(1, {
        lamports: '1500000000',
        tagIds: ['t1', 't2', 'gone', 't3', 't4'],
        importStatus: 'restored',
        isMasterWallet: true,
      }),
      tags,
      now,
    );
    expect(view.solText).toBe('1.5000');
    expect(view.lamportsText).toBe('1,500,000,000');
    expect(view.totalText).toBe('—');
    expect(view.tokensValueText).toBe('—');
    expect(view.tags.map((tag) => [tag.name, tag.color])).toEqual([
      ['Whale', '#ef4444'],
      ['Bot', '#3b82f6'],
      ['Cold', '#22c55e'],
    ]);
    expect(view.moreTags).toBe(1);
    expect(view.importedText).toBe('2h ago');
    expect(view.shortAddress).toMatch(/^Addr…/);
  });

  it('clips only the cells whose text could be wider than the cell', () => {
    const plain = buildRowView(testWallet(4, { lamports: '1500000000', name: null }), tags, now);
    expect(Object.values(plain.clips).some(Boolean)).toBe(false);
    const whale = buildRowView(
      testWallet(5, { lamports: '1234567000000000', name: 'Treasury' }),
      tags,
      now,
    );
    expect(whale.clips).toMatchObject({ wallet: true, sol: false, lamports: true });
  });

  it('shows the Total Value as SOL at the SOL price plus tokens, and the Tokens Value', () => {
    const held = { total: 2, withBalance: 1, zeroBalance: 1 };
    const priced = testWallet(6, {
      lamports: '1500000000',
      tokenStats: held,
      tokensValueUsd: 12.5,
    });
    const view = buildRowView(priced, tags, now, 100);
    expect([view.totalText, view.tokensValueText]).toEqual(['$162.50', '$12.50']);
    // Without a SOL price the total cannot be added up; tokens of unknown value leave a dash too.
    expect(buildRowView(priced, tags, now, null).totalText).toBe('—');
    const unknown = buildRowView({ ...priced, tokensValueUsd: null }, tags, now, 100);
    expect([unknown.totalText, unknown.tokensValueText]).toEqual(['—', '—']);
  });

  it('shows a dash and Never for an unscanned wallet', () => {
    const view = buildRowView(testWallet(2, { lamports: null, lastScannedAt: null }), tags, now);
    expect([view.solText, view.lamportsText, view.lamports]).toEqual(['—', '—', null]);
    expect(view.scanText).toBe('Never');
  });

  it('says how old a scanned wallet’s balance is', () => {
    const view = buildRowView(
      testWallet(2, { lamports: '0', lastScannedAt: '2026-01-01T01:58:00.000Z' }),
      tags,
      now,
    );
    expect([view.solText, view.scanText]).toEqual(['0.0000', 'scanned 2m ago']);
  });

  it('builds each wallet’s view once and reuses it', () => {
    const cache = createRowViewCache(tags, now);
    const wallet = testWallet(3);
    expect(cache.get(wallet)).toBe(cache.get(wallet));
    expect(cache.get({ ...wallet })).not.toBe(cache.get(wallet));
  });
});
