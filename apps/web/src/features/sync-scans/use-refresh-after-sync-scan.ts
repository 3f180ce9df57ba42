import { useCallback } from 'react';
import { useInvalidateLists } from '../../api/list-query-keys';

/**
 * After a scan wrote what it read: the wallet lists and, under the same `['wallets']` key, the
 * Tokens Overview and the valuation are read again, and the groups' counts and values with them.
 */
export function useRefreshAfterSyncScan(): () => void {
  const invalidate = useInvalidateLists();
  return useCallback(() => invalidate(['wallets', 'groups']), [invalidate]);
}
