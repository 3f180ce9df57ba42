import { describe, expect, it } from 'vitest';
import { isSearchShortcut, searchShortcutHint } from './shortcut';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>>,
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('search shortcut', () => {
  it('is Ctrl+K or Cmd+K, whatever the case of the letter', () => {
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
  });

  it('is not a plain K or K with other modifiers', () => {
    expect(isSearchShortcut(key('k', {}))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });

  it('shows the key of the operator platform', () => {
    expect(searchShortcutHint('MacIntel')).toBe('⌘K');
    expect(searchShortcutHint('Linux x86_64')).toBe('Ctrl K');
    expect(searchShortcutHint('Win32')).toBe('Ctrl K');
  });
});
