import type { Tag } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_TAG_DRAFT, checkTagDraft, splitTags, tagChange } from './tag-form';

function tag(name: string, flags: Partial<Pick<Tag, 'is_system' | 'is_computed'>> = {}): Tag {
  return {
    id: name,
    slug: name.toLowerCase(),
    name,
    color: '#3b82f6',
    icon: null,
    description: null,
    is_system: flags.is_system ?? false,
    is_computed: flags.is_computed ?? false,
    created_by: null,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    wallet_count: 0,
  };
}

describe('tag form', () => {
  it('starts with the default colour', () => {
    expect(EMPTY_TAG_DRAFT).toEqual({ name: '', color: '#3b82f6' });
  });

  it('trims the name and lower-cases the colour', () => {
    expect(checkTagDraft({ name: '  Snipers ', color: '#ABCDEF' })).toEqual({
      ok: true,
      value: { name: 'Snipers', color: '#abcdef' },
    });
  });

  it('refuses an empty name, a long name and a colour that is not a colour', () => {
    expect(checkTagDraft({ name: '   ', color: '#3b82f6' })).toEqual({
      ok: false,
      error: 'Tag name is required',
    });
    expect(checkTagDraft({ name: 'x'.repeat(65), color: '#3b82f6' })).toEqual({
      ok: false,
      error: 'Tag name must be at most 64 characters',
    });
    expect(checkTagDraft({ name: 'A', color: 'blue' })).toEqual({
      ok: false,
      error: 'Colour must be a hex colour like #3b82f6',
    });
  });

  it('lists custom tags apart from system and computed ones, each by name', () => {
    const sections = splitTags([
      tag('zeta'),
      tag('Trader', { is_system: true }),
      tag('seed_vault_a', { is_computed: true }),
      tag('alpha'),
    ]);
    expect(sections.custom.map((t) => t.name)).toEqual(['alpha', 'zeta']);
    expect(sections.system.map((t) => t.name)).toEqual(['Trader']);
    expect(sections.computed.map((t) => t.name)).toEqual(['seed_vault_a']);
  });

  it('sends only what changed in an edit', () => {
    const current = { name: 'Snipers', color: '#3B82F6' };
    expect(tagChange(current, { name: 'Snipers', color: '#3b82f6' })).toBeNull();
    expect(tagChange(current, { name: 'Bots', color: '#3b82f6' })).toEqual({ name: 'Bots' });
    expect(tagChange(current, { name: 'Snipers', color: '#000000' })).toEqual({
      color: '#000000',
    });
  });
});
