import { feeSettingsSchema, type FeeSettings } from '@fleet/core';
import { apiRequest } from '../../api/http';

export const feeSettingsQueryKey = ['fee-settings'] as const;

/** `GET /api/settings/fees`: the server's unit price, the tenant's cap and the price it bids. */
export function fetchFeeSettings(signal?: AbortSignal): Promise<FeeSettings> {
  return apiRequest('/api/settings/fees', {
    schema: feeSettingsSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `PUT /api/settings/fees`: sets the cap (a decimal string) or, with null, removes it. */
export function saveFeeCap(maxMicroLamportsPerUnit: string | null): Promise<FeeSettings> {
  return apiRequest('/api/settings/fees', {
    method: 'PUT',
    body: { maxMicroLamportsPerUnit },
    schema: feeSettingsSchema,
  });
}
