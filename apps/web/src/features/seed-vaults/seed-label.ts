/** Seed rename (spec 2 §5): the label is trimmed and must not be empty; the server caps it at 64. */
export const MAX_SEED_LABEL = 64;
export const SEED_RENAME_FAILED = 'Failed to update seed label.';

export function checkSeedLabel(
  text: string,
): { ok: true; label: string } | { ok: false; error: string | null } {
  const label = text.trim();
  if (label === '') return { ok: false, error: null };
  if (label.length > MAX_SEED_LABEL) {
    return { ok: false, error: `Label must be at most ${MAX_SEED_LABEL} characters` };
  }
  return { ok: true, label };
}
