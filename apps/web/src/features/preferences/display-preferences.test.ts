import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  STORAGE_KEYS,
  readDisplayPreferences,
  rootClassesFor,
  toggledTextCase,
  toggledTheme,
} from './display-preferences';

const storageWith = (entries: Record<string, string>) => ({
  getItem: (key: string) => entries[key] ?? null,
});

describe('display preferences', () => {
  it('default to the dark theme and uppercase text', () => {
    expect(readDisplayPreferences(storageWith({}))).toEqual({
      theme: 'dark',
      textCase: 'upper',
      hideBalances: false,
    });
    expect(readDisplayPreferences(undefined)).toEqual(DEFAULT_DISPLAY_PREFERENCES);
  });

  it('read what was stored', () => {
    const storage = storageWith({
      [STORAGE_KEYS.theme]: 'light',
      [STORAGE_KEYS.textCase]: 'normal',
      [STORAGE_KEYS.hideBalances]: 'true',
    });
    expect(readDisplayPreferences(storage)).toEqual({
      theme: 'light',
      textCase: 'normal',
      hideBalances: true,
    });
  });

  it('ignore unknown stored values and storage that throws', () => {
    expect(readDisplayPreferences(storageWith({ [STORAGE_KEYS.theme]: 'purple' })).theme).toBe(
      'dark',
    );
    expect(
      readDisplayPreferences(storageWith({ [STORAGE_KEYS.hideBalances]: 'yes' })).hideBalances,
    ).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readDisplayPreferences(throwing)).toEqual(DEFAULT_DISPLAY_PREFERENCES);
  });

  it('toggle between the two values of each', () => {
    expect(toggledTheme('dark')).toBe('light');
    expect(toggledTheme('light')).toBe('dark');
    expect(toggledTextCase('upper')).toBe('normal');
    expect(toggledTextCase('normal')).toBe('upper');
  });

  it('map to the root classes the stylesheet uses', () => {
    expect(rootClassesFor({ theme: 'dark', textCase: 'upper' })).toEqual({
      dark: true,
      'text-upper': true,
    });
    expect(rootClassesFor({ theme: 'light', textCase: 'normal' })).toEqual({
      dark: false,
      'text-upper': false,
    });
  });
});
