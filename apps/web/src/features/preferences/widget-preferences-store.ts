import { useSyncExternalStore } from 'react';
import {
  WIDGET_PREFERENCES_STORAGE_KEY,
  parseWidgetPreferences,
  type WidgetPreferenceKey,
  type WidgetPreferences,
} from './widget-preferences';

const listeners = new Set<() => void>();
let current: WidgetPreferences = parseWidgetPreferences(readStored());

/** The widget toggles, kept in localStorage; the widgets read them here as they land. */
export function useWidgetPreferences(): WidgetPreferences {
  return useSyncExternalStore(subscribe, () => current);
}

export function setWidgetPreference(key: WidgetPreferenceKey, value: boolean): void {
  if (current[key] === value) return;
  current = Object.freeze({ ...current, [key]: value });
  try {
    localStorage.setItem(WIDGET_PREFERENCES_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage refused (privacy mode): the choice still holds for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined'
      ? null
      : localStorage.getItem(WIDGET_PREFERENCES_STORAGE_KEY);
  } catch {
    return null;
  }
}
