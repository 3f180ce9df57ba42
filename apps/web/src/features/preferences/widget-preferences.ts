/**
 * The Preferences dialog's three widget toggles (spec 1 §2 Dialogs, §3): the new-token live feed,
 * the wallet panel and the token quality scan, all on by default and kept in the browser. Read
 * forgivingly: a missing or malformed entry means the default.
 */
export interface WidgetPreferences {
  readonly showNewTokens: boolean;
  readonly showWalletPanel: boolean;
  readonly showQualityScan: boolean;
}

export type WidgetPreferenceKey = keyof WidgetPreferences;

export const DEFAULT_WIDGET_PREFERENCES: WidgetPreferences = Object.freeze({
  showNewTokens: true,
  showWalletPanel: true,
  showQualityScan: true,
});

export const WIDGET_PREFERENCES_STORAGE_KEY = 'fleet.preferences';

export function parseWidgetPreferences(stored: string | null): WidgetPreferences {
  if (!stored) return DEFAULT_WIDGET_PREFERENCES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return DEFAULT_WIDGET_PREFERENCES;
  }
  if (typeof parsed !== 'object' || parsed === null) return DEFAULT_WIDGET_PREFERENCES;
  const read = (key: WidgetPreferenceKey): boolean => {
    const value: unknown = (parsed as Record<string, unknown>)[key];
    return typeof value === 'boolean' ? value : DEFAULT_WIDGET_PREFERENCES[key];
  };
  return Object.freeze({
    showNewTokens: read('showNewTokens'),
    showWalletPanel: read('showWalletPanel'),
    showQualityScan: read('showQualityScan'),
  });
}
