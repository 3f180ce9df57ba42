import { useMutation, useQuery } from '@tanstack/react-query';
import { useInvalidateLists } from '../../api/list-query-keys';
import {
  assignTags,
  createTag,
  deleteTag,
  fetchTags,
  tagsQueryKey,
  unassignTags,
  updateTag,
  type TagChange,
} from './tags-api';

/** Spec 2 §7: tags are read without cache. */
export function useTags(enabled = true) {
  return useQuery({
    queryKey: tagsQueryKey,
    queryFn: ({ signal }) => fetchTags(signal),
    enabled,
    staleTime: 0,
  });
}

/** Every tag change can alter the wallet rows' tag chips, so the wallet list is read again too. */
function useTagMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn, onSuccess: () => invalidate(['tags', 'wallets']) });
}

export function useCreateTag() {
  return useTagMutation(createTag);
}

export function useUpdateTag() {
  return useTagMutation(({ id, change }: { readonly id: string; readonly change: TagChange }) =>
    updateTag(id, change),
  );
}

export function useDeleteTag() {
  return useTagMutation(deleteTag);
}

export function useAssignTags() {
  return useTagMutation(assignTags);
}

export function useUnassignTags() {
  return useTagMutation(unassignTags);
}
