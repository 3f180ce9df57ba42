import { useMutation, useQuery } from '@tanstack/react-query';
import { useInvalidateLists, type ListName } from '../../api/list-query-keys';
import {
  archiveWallets,
  archivedWalletsQueryKey,
  deleteWalletsPermanently,
  fetchArchivedWallets,
  fetchWalletHoldings,
  restoreWallets,
} from './archive-api';

/** Moving wallets in or out of the archive changes every list that counts or shows them. */
const AFFECTED: readonly ListName[] = [
  'wallets',
  'archivedWallets',
  'tags',
  'groups',
  'seedGroups',
];

/** The archive is read fresh each time it is shown (spec 2 §7: no cache). */
export function useArchivedWallets(enabled = true) {
  return useQuery({
    queryKey: archivedWalletsQueryKey,
    queryFn: ({ signal }) => fetchArchivedWallets(signal),
    enabled,
    staleTime: 0,
  });
}

export function useArchiveWallets() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: archiveWallets, onSuccess: () => invalidate(AFFECTED) });
}

export function useRestoreWallets() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: restoreWallets, onSuccess: () => invalidate(AFFECTED) });
}

export function useDeleteWalletsPermanently() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: deleteWalletsPermanently,
    onSuccess: () => invalidate(['archivedWallets']),
  });
}

/**
 * What the wallets a confirmation acts on hold, read when it opens and never reused later: the
 * warning must be about the balances as they are stored now.
 */
export function useWalletHoldings(walletIds: readonly string[], enabled: boolean) {
  return useQuery({
    // The ids are joined only while the confirmation is open: a closed one may sit beside a
    // selection of tens of thousands that changes on every click.
    queryKey: ['wallet-holdings', enabled ? walletIds.join(',') : ''],
    queryFn: ({ signal }) => fetchWalletHoldings(walletIds, signal),
    enabled: enabled && walletIds.length > 0,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}
