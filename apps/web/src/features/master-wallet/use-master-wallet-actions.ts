import type { MasterWalletResponse } from '@fleet/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  clearMasterWallet,
  masterBalanceQueryKey,
  masterHistoryQueryKey,
  masterWalletQueryKey,
  revealMasterHistoryKey,
  revealMasterWallet,
  saveMasterWallet,
} from './master-wallet-api';

/** After a change, the wallet, its balance and its history are all read again. */
function useRefreshMasterWallet() {
  const queryClient = useQueryClient();
  return (wallet: MasterWalletResponse | null) => {
    queryClient.setQueryData(masterWalletQueryKey, wallet);
    void queryClient.invalidateQueries({ queryKey: masterBalanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: masterHistoryQueryKey });
  };
}

/**
 * Mutations that carry a private key (the key being saved, the key revealed) are dropped from the
 * mutation cache as soon as no component uses them (`gcTime: 0`), so the key does not linger.
 */
const FORGET_AT_ONCE = { gcTime: 0 } as const;

export function useSaveMasterWallet() {
  const refresh = useRefreshMasterWallet();
  return useMutation({ mutationFn: saveMasterWallet, onSuccess: refresh, ...FORGET_AT_ONCE });
}

export function useClearMasterWallet() {
  const refresh = useRefreshMasterWallet();
  return useMutation({ mutationFn: clearMasterWallet, onSuccess: () => refresh(null) });
}

/** The revealed key is kept by the component that asked, never in the query cache. */
export function useRevealMasterWallet() {
  return useMutation({ mutationFn: revealMasterWallet, ...FORGET_AT_ONCE });
}

/** A key kept by the master wallet history, revealed on request; never cached either. */
export function useRevealMasterHistoryKey() {
  return useMutation({ mutationFn: revealMasterHistoryKey, ...FORGET_AT_ONCE });
}
