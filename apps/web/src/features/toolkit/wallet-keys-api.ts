import { revealKeysResponseSchema, type RevealKeysResponse } from '@fleet/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';

/**
 * `POST /api/wallets/reveal-keys`: the explicit, audited way keys leave the server. The answer is
 * never cached: the mutation is forgotten as soon as nobody uses it (`gcTime: 0`), and the caller
 * keeps the keys only as long as it takes to put them on the clipboard.
 */
export function revealKeys(request: {
  readonly walletIds: readonly string[];
  readonly purpose: 'copy' | 'reveal';
}): Promise<RevealKeysResponse> {
  return apiRequest('/api/wallets/reveal-keys', {
    method: 'POST',
    body: request,
    schema: revealKeysResponseSchema,
    cache: 'no-store',
  });
}

export function useRevealKeys() {
  return useMutation({ mutationFn: revealKeys, gcTime: 0 });
}
