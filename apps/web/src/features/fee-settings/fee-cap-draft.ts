import { checkUnitPriceCap, type Result } from '@fleet/core';

/**
 * The cap as typed into the Transaction fees panel: spaces around it are ignored, an empty field
 * means no cap, anything else is checked by the contract's own rule (`checkUnitPriceCap`), so the
 * panel refuses what the server would, in the server's words, before sending.
 */
export function checkFeeCapDraft(text: string): Result<string | null, string> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const check = checkUnitPriceCap(trimmed);
  if (!check.ok) return { ok: false, error: check.error.message };
  return { ok: true, value: check.value === null ? null : check.value.toString() };
}

/** The field's text for a stored cap: its digits, or empty for none. */
export function feeCapDraftOf(cap: string | null): string {
  return cap ?? '';
}

/** Whether Save has something to send: a valid draft that changes the cap (`"007"` is `"7"`). */
export function canSaveFeeCap(
  stored: string | null,
  draft: Result<string | null, string>,
): draft is { readonly ok: true; readonly value: string | null } {
  return draft.ok && draft.value !== stored;
}
