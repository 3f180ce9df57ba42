import { describe, expect, it } from 'vitest';
import { EMPTY_GROUP_DRAFT, checkGroupDraft, checkGroupEdit, draftFromGroup } from './group-form';

const id = '11111111-1111-4111-8111-111111111111';

describe('group form', () => {
  it('keeps submit disabled, without an error, while the trimmed name is empty', () => {
    expect(checkGroupDraft(EMPTY_GROUP_DRAFT, [])).toEqual({ ok: false, error: null });
    expect(checkGroupDraft({ ...EMPTY_GROUP_DRAFT, name: '   ' }, [])).toEqual({
      ok: false,
      error: null,
    });
  });

  it('trims the name and description and carries the wallets', () => {
    const check = checkGroupDraft(
      { name: '  Snipers ', color: '#22C55E', description: '  fast ones ' },
      [id],
    );
    expect(check).toEqual({
      ok: true,
      request: {
        group_name: 'Snipers',
        color: '#22c55e',
        description: 'fast ones',
        walletIds: [id],
      },
    });
  });

  it('leaves out an empty description', () => {
    const check = checkGroupDraft({ ...EMPTY_GROUP_DRAFT, name: 'A' }, []);
    expect(check).toEqual({
      ok: true,
      request: { group_name: 'A', color: '#3b82f6', walletIds: [] },
    });
  });

  it('refuses what the server would, with its message', () => {
    expect(checkGroupDraft({ ...EMPTY_GROUP_DRAFT, name: 'x'.repeat(65) }, [])).toEqual({
      ok: false,
      error: 'Group name must be at most 64 characters',
    });
    expect(checkGroupDraft({ ...EMPTY_GROUP_DRAFT, name: 'A', color: 'red' }, [])).toEqual({
      ok: false,
      error: 'Colour must be a hex colour like #3b82f6',
    });
  });
});

describe('group edit', () => {
  const original = draftFromGroup({ group_name: 'Snipers', color: '#22c55e', description: null });

  it('starts from the group, with the default colour when it has none', () => {
    expect(original).toEqual({ name: 'Snipers', color: '#22c55e', description: '' });
    expect(draftFromGroup({ group_name: 'A', color: null, description: 'd' }).color).toBe(
      '#3b82f6',
    );
  });

  it('sends only what changed, and nothing when nothing did', () => {
    expect(checkGroupEdit(original, { ...original, name: ' Snipers ' })).toEqual({
      ok: true,
      change: null,
    });
    expect(checkGroupEdit(original, { ...original, name: 'Bots', color: '#22C55E' })).toEqual({
      ok: true,
      change: { group_name: 'Bots' },
    });
    expect(checkGroupEdit(original, { ...original, description: 'fast' })).toEqual({
      ok: true,
      change: { description: 'fast' },
    });
  });

  it('clears a description with an empty string', () => {
    const described = { ...original, description: 'fast' };
    expect(checkGroupEdit(described, { ...described, description: '  ' })).toEqual({
      ok: true,
      change: { description: '' },
    });
  });

  it('refuses an edit the server would refuse', () => {
    expect(checkGroupEdit(original, { ...original, name: '' })).toEqual({ ok: false, error: null });
  });
});
