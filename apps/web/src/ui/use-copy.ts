import { useCallback } from 'react';
import { useToast } from './toast';

/**
 * Copies text to the clipboard and says so (spec 1 §8): "Copied", or "Clipboard blocked" with
 * "Unable to copy value. Check browser permissions." when the browser refuses.
 */
export function useCopy(): (text: string) => Promise<boolean> {
  const toast = useToast();
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
        await navigator.clipboard.writeText(text);
        toast.show({ title: 'Copied', severity: 'success' });
        return true;
      } catch {
        toast.show({
          title: 'Clipboard blocked',
          description: 'Unable to copy value. Check browser permissions.',
          severity: 'error',
        });
        return false;
      }
    },
    [toast],
  );
}
