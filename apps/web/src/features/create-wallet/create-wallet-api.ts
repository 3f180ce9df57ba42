import { createWalletsResponseSchema, type CreateWalletsResponse } from '@fleet/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';
import { useInvalidateLists } from '../../api/list-query-keys';

/** `POST /api/create-wallet`: the server generates the keys straight into the vault. */
export function createWallets(request: {
  readonly is_trader: boolean;
  readonly count: number;
}): Promise<CreateWalletsResponse> {
  return apiRequest('/api/create-wallet', {
    method: 'POST',
    body: request,
    schema: createWalletsResponseSchema,
  });
}

/** New wallets change the list and the counts of the computed tags and groups (trader, all). */
export function useCreateWallets() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: createWallets,
    onSuccess: () => invalidate(['wallets', 'tags', 'groups']),
  });
}
