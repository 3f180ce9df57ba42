import { useMutation, useQuery } from '@tanstack/react-query';
import { useInvalidateLists } from '../../api/list-query-keys';
import {
  createGroup,
  deleteGroup,
  fetchGroupWallets,
  fetchGroups,
  groupWalletsQueryKey,
  groupsQueryKey,
  updateGroup,
  type UpdateGroupRequest,
} from './groups-api';

export function useGroups() {
  return useQuery({ queryKey: groupsQueryKey, queryFn: ({ signal }) => fetchGroups(signal) });
}

export function useGroupWallets(groupId: string) {
  return useQuery({
    queryKey: groupWalletsQueryKey(groupId),
    queryFn: ({ signal }) => fetchGroupWallets(groupId, signal),
    staleTime: 0,
  });
}

/** A group change alters the group list and the wallet rows that show group membership. */
export function useCreateGroup() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => invalidate(['groups', 'wallets']),
  });
}

export function useUpdateGroup() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, change }: { readonly id: string; readonly change: UpdateGroupRequest }) =>
      updateGroup(id, change),
    onSuccess: () => invalidate(['groups', 'wallets']),
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => invalidate(['groups', 'wallets']),
  });
}
