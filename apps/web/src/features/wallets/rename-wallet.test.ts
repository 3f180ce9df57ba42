import { describe, expect, it } from 'vitest';
import { checkWalletName, renamedText } from './rename-wallet';

describe('renaming a wallet', () => {
  it('sends the trimmed name, and null for an empty one', () => {
    expect(checkWalletName('  Sniper 7 ')).toEqual({ ok: true, name: 'Sniper 7' });
    expect(checkWalletName('   ')).toEqual({ ok: true, name: null });
    expect(checkWalletName('x'.repeat(64))).toEqual({ ok: true, name: 'x'.repeat(64) });
  });

  it('refuses what the server refuses, with its words', () => {
    expect(checkWalletName('x'.repeat(65))).toEqual({
      ok: false,
      error: 'Wallet name must be at most 64 characters',
    });
    for (const text of ['a\tb', 'line\nbreak', '\u202Eevil']) {
      expect(checkWalletName(text)).toEqual({
        ok: false,
        error: 'Wallet name cannot contain control characters',
      });
    }
  });

  it('says what the rename did', () => {
    expect(renamedText('Sniper 7')).toEqual({ title: 'Wallet renamed', description: 'Sniper 7' });
    expect(renamedText(null).title).toBe('Wallet name cleared');
  });
});
