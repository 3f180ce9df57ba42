import { useSyncExternalStore } from 'react';
import {
  STORAGE_KEYS,
  readDisplayPreferences,
  rootClassesFor,
  toggledTextCase,
  toggledTheme,
  type DisplayPreferences,
} from './display-preferences';

// A tiny external store: the preferences live in localStorage and on <html>; React subscribes.
const listeners = new Set<() => void>();
let current: DisplayPreferences = readDisplayPreferences(browserStorage());

export function applyStoredDisplayPreferences(): void {
  current = readDisplayPreferences(browserStorage());
  applyToRoot(current);
}

export function useDisplayPreferences(): DisplayPreferences {
  // The same snapshot on the server: a static render (the view tests) shows the current choice.
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function snapshot(): DisplayPreferences {
  return current;
}

export function toggleTheme(): void {
  update({ ...current, theme: toggledTheme(current.theme) });
}

export function toggleTextCase(): void {
  update({ ...current, textCase: toggledTextCase(current.textCase) });
}

export function toggleHideBalances(): void {
  update({ ...current, hideBalances: !current.hideBalances });
}

function update(next: DisplayPreferences): void {
  current = next;
  try {
    localStorage.setItem(STORAGE_KEYS.theme, next.theme);
    localStorage.setItem(STORAGE_KEYS.textCase, next.textCase);
    localStorage.setItem(STORAGE_KEYS.hideBalances, String(next.hideBalances));
  } catch {
    // Storage refused (privacy mode): the choice still holds for this page.
  }
  applyToRoot(next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyToRoot(preferences: DisplayPreferences): void {
  for (const [name, on] of Object.entries(rootClassesFor(preferences))) {
    document.documentElement.classList.toggle(name, on);
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
