/** Spec 2 §9: at most three tags on a row, then "+N" for the rest. */
export const MAX_ROW_TAGS = 3;

export function splitTags<T>(tags: readonly T[]): {
  readonly shown: readonly T[];
  readonly more: number;
} {
  return { shown: tags.slice(0, MAX_ROW_TAGS), more: Math.max(0, tags.length - MAX_ROW_TAGS) };
}
