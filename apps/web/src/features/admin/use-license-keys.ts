import type { LicenseKey } from '@fleet/core';
import { useQuery } from '@tanstack/react-query';
import { licenseKeysQueryKey, listLicenseKeys } from './admin-api';
import { useAdminSession } from './admin-token-store';
import { withAdminToken } from './with-admin-token';

/** Every licence key, for the signed-in admin console. */
export function useLicenseKeys() {
  const { token } = useAdminSession();
  return useQuery<LicenseKey[]>({
    queryKey: licenseKeysQueryKey,
    queryFn: ({ signal }) => withAdminToken((adminToken) => listLicenseKeys(adminToken, signal)),
    enabled: token !== null,
  });
}
