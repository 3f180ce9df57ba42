import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { fetchVerifyWallets, runVerify } from './verify-api';
import type { VerifyAction } from './verify-state';

export const useFetchVerifyWallets = () => useMutation({ mutationFn: fetchVerifyWallets });

/** The verify, waited for; the signal ends the wait, never the scan. */
export const useRunVerify = () =>
  useMutation({ mutationFn: (signal: AbortSignal) => runVerify(signal) });

/**
 * Verify's start: the dialog moves to verifying (with the time, for its counter) and waits for the
 * answer. When the dialog goes, the wait stops; the scan finishes on the server.
 */
export function useStartVerify(dispatch: Dispatch<VerifyAction>): () => void {
  const { mutate } = useRunVerify();
  const waiting = useRef<AbortController | null>(null);
  useEffect(() => () => waiting.current?.abort(), []);
  return useCallback(() => {
    dispatch({ type: 'verify', now: Date.now() });
    waiting.current?.abort();
    const controller = new AbortController();
    waiting.current = controller;
    mutate(controller.signal, {
      onSuccess: (response) => dispatch({ type: 'verified', response }),
      onError: (error) => dispatch({ type: 'verifyFailed', error }),
    });
  }, [dispatch, mutate]);
}
