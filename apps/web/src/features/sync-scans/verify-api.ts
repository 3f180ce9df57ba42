import { syncVerifyResponseSchema, type SyncVerifyResponse } from '@fleet/core';
import { apiRequest } from '../../api/http';

export { fetchDeepScanWallets as fetchVerifyWallets } from './deep-scan-api';

/**
 * `POST /api/solana/sync-verify { publicAddresses: [] }` (every active wallet): answers when the
 * scan is done, which may take minutes. Aborting stops the wait, not the scan (the jobs list
 * keeps it).
 */
export function runVerify(signal?: AbortSignal): Promise<SyncVerifyResponse> {
  return apiRequest('/api/solana/sync-verify', {
    method: 'POST',
    body: { publicAddresses: [] },
    schema: syncVerifyResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
