// The rolling windows the providers report volumes, counts and changes over.

export const WINDOW_MS = Object.freeze({
  m5: 5 * 60_000,
  m15: 15 * 60_000,
  m30: 30 * 60_000,
  h1: 60 * 60_000,
  h6: 6 * 60 * 60_000,
  h24: 24 * 60 * 60_000,
});

export type WindowKey = keyof typeof WINDOW_MS;

export const WINDOW_KEYS: readonly WindowKey[] = Object.freeze(
  Object.keys(WINDOW_MS) as WindowKey[],
);
