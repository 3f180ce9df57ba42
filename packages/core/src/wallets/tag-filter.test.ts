import { describe, expect, it } from 'vitest';
import { seedTagSlug, tagFilterOf, TRADER_TAG_SLUG, walletHasTag } from './tag-filter';
import { slimWallet } from './test-wallet';

const seedId = '5f0c1e52-9a51-4d6e-8f5e-2b1f2a3c4d5e';
const tags = [
  { id: 'custom-1', slug: 'vip' },
  { id: 'trader-row', slug: TRADER_TAG_SLUG },
  { id: seedId, slug: seedTagSlug(seedId) },
];
const vip = slimWallet({ id: 'vip', tagIds: ['custom-1'] });
const trader = slimWallet({ id: 'trader', isTrader: true });
const seeded = slimWallet({ id: 'seeded', sourceKind: 'seed', sourceId: seedId });
const otherSeed = slimWallet({ id: 'other-seed', sourceKind: 'seed', sourceId: 'another' });
const wallets = [vip, trader, seeded, otherSeed];
const matching = (slug: string) =>
  wallets.filter((wallet) => walletHasTag(wallet, tagFilterOf(slug, tags))).map((w) => w.id);

describe('tag filters (?tag=, spec 2 §2.1)', () => {
  it('reads an assigned tag from the wallet’s tag ids', () => {
    expect(tagFilterOf('vip', tags)).toEqual({ kind: 'assigned', tagId: 'custom-1' });
    expect(matching('vip')).toEqual(['vip']);
  });

  it('computes the Trader tag from the wallet type, never from assignments', () => {
    expect(tagFilterOf('trader', tags)).toEqual({ kind: 'trader' });
    expect(matching('trader')).toEqual(['trader']);
    expect(walletHasTag(slimWallet({ id: 'x', tagIds: ['trader-row'] }), { kind: 'trader' })).toBe(
      false,
    );
  });

  it('computes a seed-source tag from the wallet’s seed vault, named whole in the slug', () => {
    expect(seedTagSlug(seedId)).toBe(`seed_vault_${seedId}`);
    expect(tagFilterOf(seedTagSlug(seedId), [])).toEqual({ kind: 'seed', seedGroupId: seedId });
    expect(matching(seedTagSlug(seedId))).toEqual(['seeded']);
    expect(matching(seedTagSlug(seedId.slice(0, 8)))).toEqual([]);
    expect(matching(seedTagSlug(seedId.toUpperCase()))).toEqual(['seeded']);
  });

  it('matches nothing for a slug that names no tag, or the bare seed prefix', () => {
    expect(tagFilterOf('gone', tags)).toEqual({ kind: 'unknown', slug: 'gone' });
    expect(matching('gone')).toEqual([]);
    expect(matching('seed_vault_')).toEqual([]);
  });
});
