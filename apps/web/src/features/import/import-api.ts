import {
  importWalletsResponseSchema,
  listSeedGroupsResponseSchema,
  scanPreviewResponseSchema,
  seedGroupSchema,
  seedImportResponseSchema,
  validateKeysResponseSchema,
  type ImportWalletsResponse,
  type ScanPreviewResponse,
  type SeedGroup,
  type ValidateKeysResponse,
  type DerivationScheme,
} from '@fleet/core';
import type { z } from 'zod';
import { apiRequest } from '../../api/http';

/** The import calls of spec 1 §7, as the shared contract (`@fleet/core` wallet-import) types them. */
export const seedGroupsQueryKey = ['seed-groups'] as const;

export type SeedGroupList = z.infer<typeof listSeedGroupsResponseSchema>;
export type SeedImportResponse = z.infer<typeof seedImportResponseSchema>;

export function validatePrivateKeys(text: string): Promise<ValidateKeysResponse> {
  return apiRequest('/api/wallet/validate-only', {
    method: 'POST',
    body: { privateKeys: text },
    schema: validateKeysResponseSchema,
  });
}

export function scanAssetsPreview(
  publicAddresses: readonly string[],
): Promise<ScanPreviewResponse> {
  return apiRequest('/api/scan-assets/preview', {
    method: 'POST',
    body: { publicAddresses },
    schema: scanPreviewResponseSchema,
  });
}

export function importWallets(request: {
  readonly privateKeys: readonly string[];
  readonly preview?: ScanPreviewResponse;
}): Promise<ImportWalletsResponse> {
  return apiRequest('/api/wallet', {
    method: 'POST',
    body: request,
    schema: importWalletsResponseSchema,
  });
}

export function fetchSeedGroups(signal?: AbortSignal): Promise<SeedGroupList> {
  return apiRequest('/api/seed-groups', {
    schema: listSeedGroupsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function createSeedGroup(request: {
  readonly label?: string;
  readonly seedFingerprint: string;
  readonly derivationScheme: DerivationScheme;
}): Promise<SeedGroup> {
  return apiRequest('/api/seed-groups', {
    method: 'POST',
    body: request,
    schema: seedGroupSchema,
  });
}

export function importSeedAccounts(request: {
  readonly groupId: string;
  readonly addresses: readonly string[];
  readonly derivationPaths: readonly string[];
  readonly privateKeys: readonly string[];
  readonly derivationScheme: DerivationScheme;
  readonly preview?: ScanPreviewResponse;
}): Promise<SeedImportResponse> {
  return apiRequest('/api/seed-import', {
    method: 'POST',
    body: request,
    schema: seedImportResponseSchema,
  });
}
