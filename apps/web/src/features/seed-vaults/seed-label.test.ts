import { describe, expect, it } from 'vitest';
import { checkSeedLabel } from './seed-label';

describe('seed label', () => {
  it('trims the label', () => {
    expect(checkSeedLabel('  Cold seed ')).toEqual({ ok: true, label: 'Cold seed' });
  });

  it('keeps Save disabled for an empty label, without an error', () => {
    expect(checkSeedLabel('   ')).toEqual({ ok: false, error: null });
  });

  it('refuses more than 64 characters as the server does', () => {
    expect(checkSeedLabel('x'.repeat(65))).toEqual({
      ok: false,
      error: 'Label must be at most 64 characters',
    });
  });
});
