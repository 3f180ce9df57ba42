import { decodePrivateKey, PRIVATE_KEY_MESSAGES } from '@fleet/core';

/**
 * What the Master Wallet dialog knows about the key being typed: the address it derives (shown
 * live, read-only) or why it cannot be used, in spec 1 §5's words. Decoding happens in the browser
 * only to show the address; the server decodes again and is the authority.
 */
export type KeyDraft =
  | { readonly kind: 'empty'; readonly message: string }
  | { readonly kind: 'valid'; readonly address: string; readonly privateKey: string }
  | { readonly kind: 'invalid'; readonly message: string };

export function readKeyDraft(text: string): KeyDraft {
  const privateKey = text.trim();
  if (privateKey === '') return { kind: 'empty', message: PRIVATE_KEY_MESSAGES.empty };
  const decoded = decodePrivateKey(privateKey);
  if (!decoded.ok) return { kind: 'invalid', message: decoded.message };
  return { kind: 'valid', address: decoded.value.address, privateKey };
}

/** The message under the key field: none while the field is untouched and empty. */
export function keyDraftMessage(draft: KeyDraft, saveAttempted: boolean): string | undefined {
  switch (draft.kind) {
    case 'valid':
      return undefined;
    case 'empty':
      return saveAttempted ? draft.message : undefined;
    case 'invalid':
      return draft.message;
  }
}
