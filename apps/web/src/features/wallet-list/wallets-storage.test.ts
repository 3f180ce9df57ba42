import { describe, expect, it } from 'vitest';
import { parseTab } from './wallets-storage';

describe('remembered tab', () => {
  it('accepts the four tabs and falls back to List', () => {
    expect(parseTab('archive')).toBe('archive');
    expect(parseTab('seeds')).toBe('seeds');
    expect(parseTab('elsewhere')).toBe('list');
    expect(parseTab(null)).toBe('list');
  });
});
