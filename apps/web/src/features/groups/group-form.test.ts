import { describe, expect, it } from 'vitest';
import { EMPTY_GROUP_DRAFT, checkGroupDraft } from './group-form';

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
