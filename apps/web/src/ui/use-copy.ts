import { useCallback } from 'react';
import { useToast, type ToastMessage, type ToastText } from './toast';

export type CopyFailure = ToastText;

/** Spec 1 §8: what any copy says when the browser refuses. */
export const CLIPBOARD_BLOCKED: CopyFailure = Object.freeze({
  title: 'Clipboard blocked',
  description: 'Unable to copy value. Check browser permissions.',
});

/** Spec 2 §8: the wallet area's words for an address (or addresses) the browser would not copy. */
export const ADDRESS_COPY_FAILED: CopyFailure = Object.freeze({
  title: 'Copy failed',
  description: 'Failed to copy address to clipboard',
});

/**
 * What a copy that worked says. Transient: the operator sees the copy happen, and a day of copies
 * does not push the messages worth reading out of the inbox (it keeps 50). A refused copy is kept.
 */
export const COPIED: ToastMessage = Object.freeze({
  title: 'Copied',
  severity: 'success',
  transient: true,
});

/**
 * Copies text to the clipboard and says so: `copied` ("Copied", or what was copied, such as
 * "Private key copied"), or `failure` when the browser refuses.
 */
export function useCopy(
  failure: CopyFailure = CLIPBOARD_BLOCKED,
  copied = 'Copied',
): (text: string) => Promise<boolean> {
  const toast = useToast();
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
        await navigator.clipboard.writeText(text);
        toast.show({ ...COPIED, title: copied });
        return true;
      } catch {
        toast.show({ ...failure, severity: 'error' });
        return false;
      }
    },
    [toast, failure, copied],
  );
}
