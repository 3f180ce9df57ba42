import type { LicenseKey } from '@fleet/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createLicenseKeys,
  licenseKeysQueryKey,
  listLicenseKeys,
  revokeLicenseKey,
  upgradeLicenseKey,
  type CreateLicenseKeys,
  type UpgradeLicenseKey,
} from './admin-api';
import { signInAdmin, signOutAdmin } from './admin-token-store';
import { withAdminToken } from './with-admin-token';

/** Token sign-in: the token is kept only once the key list answers with it. */
export function useAdminSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => listLicenseKeys(token),
    onSuccess: (keys, token) => {
      queryClient.setQueryData(licenseKeysQueryKey, keys);
      signInAdmin(token);
    },
  });
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return () => {
    signOutAdmin();
    queryClient.removeQueries({ queryKey: licenseKeysQueryKey });
  };
}

export function useCreateLicenseKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateLicenseKeys) =>
      withAdminToken((token) => createLicenseKeys(token, request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseKeysQueryKey }),
  });
}

export function useRevokeLicenseKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => withAdminToken((token) => revokeLicenseKey(token, key)),
    onSuccess: (updated) => replaceKey(queryClient, updated),
  });
}

export function useUpgradeLicenseKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpgradeLicenseKey) =>
      withAdminToken((token) => upgradeLicenseKey(token, request)),
    onSuccess: (updated) => replaceKey(queryClient, updated),
  });
}

function replaceKey(queryClient: ReturnType<typeof useQueryClient>, updated: LicenseKey): void {
  queryClient.setQueryData<LicenseKey[]>(licenseKeysQueryKey, (keys) =>
    keys?.map((entry) => (entry.key === updated.key ? updated : entry)),
  );
}
