import {
  ADMIN_TOKEN_HEADER,
  createLicenseKeysResponseSchema,
  licenseKeyResponseSchema,
  listLicenseKeysResponseSchema,
  type LicenseKey,
  type LicenseTier,
} from '@fleet/core';
import { apiRequest } from '../../api/http';

/** The admin key API: every call carries the admin token in its own header (spec 1 §6). */
const adminHeaders = (token: string) => ({ [ADMIN_TOKEN_HEADER]: token });

export const licenseKeysQueryKey = ['admin', 'keys'] as const;

export async function listLicenseKeys(token: string, signal?: AbortSignal): Promise<LicenseKey[]> {
  const { keys } = await apiRequest('/api/admin/keys', {
    schema: listLicenseKeysResponseSchema,
    headers: adminHeaders(token),
    ...(signal ? { signal } : {}),
  });
  return keys;
}

export interface CreateLicenseKeys {
  readonly durationDays: number;
  readonly tier: LicenseTier;
  readonly batch: number;
  readonly maxUses: number;
  readonly name?: string | undefined;
}

export async function createLicenseKeys(
  token: string,
  request: CreateLicenseKeys,
): Promise<LicenseKey[]> {
  const { keys } = await apiRequest('/api/admin/keys', {
    method: 'POST',
    body: request,
    schema: createLicenseKeysResponseSchema,
    headers: adminHeaders(token),
  });
  return keys;
}

export async function revokeLicenseKey(token: string, key: string): Promise<LicenseKey> {
  const response = await apiRequest('/api/admin/keys/revoke', {
    method: 'POST',
    body: { key },
    schema: licenseKeyResponseSchema,
    headers: adminHeaders(token),
  });
  return response.key;
}

export interface UpgradeLicenseKey {
  readonly key: string;
  readonly newTier?: LicenseTier | undefined;
  readonly newMaxUses?: number | undefined;
}

export async function upgradeLicenseKey(
  token: string,
  request: UpgradeLicenseKey,
): Promise<LicenseKey> {
  const response = await apiRequest('/api/admin/keys/upgrade', {
    method: 'POST',
    body: request,
    schema: licenseKeyResponseSchema,
    headers: adminHeaders(token),
  });
  return response.key;
}
