import { renameWalletResponseSchema } from '@fleet/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';
import { useInvalidateLists } from '../../api/list-query-keys';

/** `PATCH /api/wallets/{id} { name }`: null clears the name. */
export async function renameWallet(request: {
  readonly id: string;
  readonly name: string | null;
}): Promise<{ readonly id: string; readonly name: string | null }> {
  const answer = await apiRequest(`/api/wallets/${encodeURIComponent(request.id)}`, {
    method: 'PATCH',
    body: { name: request.name ?? '' },
    schema: renameWalletResponseSchema,
  });
  return answer.wallet;
}

/** A rename changes the wallet list and the group lists that name their wallets. */
export function useRenameWallet() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: renameWallet,
    onSuccess: () => invalidate(['wallets', 'groups']),
  });
}
