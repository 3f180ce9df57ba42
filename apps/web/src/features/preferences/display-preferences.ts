/**
 * Theme, text case and the hidden-balance flag are kept in the browser (spec 1 §9): dark,
 * uppercase and balances shown by default. Reading
 * is forgiving (an unknown stored value means the default), so a corrupted entry never breaks the
 * console.
 */
export type Theme = 'dark' | 'light';
export type TextCase = 'upper' | 'normal';

export interface DisplayPreferences {
  readonly theme: Theme;
  readonly textCase: TextCase;
  /** The bottom bar's hide-balance toggle: balances read `***` while it is on. */
  readonly hideBalances: boolean;
}

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = Object.freeze({
  theme: 'dark',
  textCase: 'upper',
  hideBalances: false,
});

export const STORAGE_KEYS = Object.freeze({
  theme: 'fleet.theme',
  textCase: 'fleet.textCase',
  hideBalances: 'fleet.hideBalances',
});

interface ReadableStorage {
  getItem(key: string): string | null;
}

export function readDisplayPreferences(storage: ReadableStorage | undefined): DisplayPreferences {
  const theme = safeGet(storage, STORAGE_KEYS.theme);
  const textCase = safeGet(storage, STORAGE_KEYS.textCase);
  const hideBalances = safeGet(storage, STORAGE_KEYS.hideBalances);
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : DEFAULT_DISPLAY_PREFERENCES.theme,
    textCase:
      textCase === 'upper' || textCase === 'normal'
        ? textCase
        : DEFAULT_DISPLAY_PREFERENCES.textCase,
    hideBalances:
      hideBalances === 'true'
        ? true
        : hideBalances === 'false'
          ? false
          : DEFAULT_DISPLAY_PREFERENCES.hideBalances,
  };
}

export function toggledTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

export function toggledTextCase(textCase: TextCase): TextCase {
  return textCase === 'upper' ? 'normal' : 'upper';
}

/** The classes on <html> that the stylesheet keys on. */
export function rootClassesFor(preferences: Pick<DisplayPreferences, 'theme' | 'textCase'>): {
  dark: boolean;
  'text-upper': boolean;
} {
  return { dark: preferences.theme === 'dark', 'text-upper': preferences.textCase === 'upper' };
}

function safeGet(storage: ReadableStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    // Storage can throw (privacy mode, quota, disabled cookies): fall back to the defaults.
    return null;
  }
}
