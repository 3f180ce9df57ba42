import { useQuery } from '@tanstack/react-query';
import { fetchScanDetails, scanDetailsQueryKey } from './scan-details-api';

/** The Scan Details dialog polls every 2 seconds while it is open, and not at all otherwise. */
export const SCAN_DETAILS_POLL_MS = 2_000;

export function useScanDetails(open: boolean) {
  return useQuery({
    queryKey: scanDetailsQueryKey,
    queryFn: ({ signal }) => fetchScanDetails(signal),
    enabled: open,
    refetchInterval: open ? SCAN_DETAILS_POLL_MS : false,
    staleTime: 0,
  });
}
