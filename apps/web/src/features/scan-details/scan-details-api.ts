import { scanDetailsSchema, type ScanDetails } from '@fleet/core';
import { apiRequest } from '../../api/http';

export {
  endpointDetailSchema,
  lastScanSchema,
  scanDetailsSchema,
  scanLogLineSchema,
  type EndpointDetail,
  type LastScan,
  type ScanDetails,
  type ScanLogLine,
} from '@fleet/core';

export const scanDetailsQueryKey = ['scan', 'details'] as const;

export function fetchScanDetails(signal?: AbortSignal): Promise<ScanDetails> {
  return apiRequest('/api/scan/details', {
    schema: scanDetailsSchema,
    ...(signal ? { signal } : {}),
  });
}
