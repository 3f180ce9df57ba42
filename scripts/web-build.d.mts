/** Builds the web app when its inputs changed since the last build (or always with `force`). */
export function buildWebIfNeeded(options?: { force?: boolean }): void;
/** A fingerprint of everything the web build reads. */
export function inputsFingerprint(): string;
/** Source maps, and files pointing at one, in a built app (paths relative to `dir`). */
export function sourceMapLeaks(dir: string): string[];
