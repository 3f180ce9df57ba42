import { UNLIMITED_USES, type LicenseKey } from '@fleet/core';
import { ApiError } from '../../api/api-error';

/** How the key table reads a licence key: revoked wins over expired, expired over active. */
export type LicenseKeyStatus = 'active' | 'expired' | 'revoked';

export function licenseKeyStatus(key: LicenseKey, now: Date): LicenseKeyStatus {
  if (key.revoked_at) return 'revoked';
  const expires = Date.parse(key.expires_at);
  if (!Number.isNaN(expires) && expires <= now.getTime()) return 'expired';
  return 'active';
}

/** Spec 1 §3: 999999 maximum uses means unlimited. */
export function maxUsesLabel(maxUses: number): string {
  return maxUses >= UNLIMITED_USES ? 'Unlimited' : String(maxUses);
}

export function usesLabel(key: LicenseKey): string {
  return `${key.uses} / ${maxUsesLabel(key.max_uses)}`;
}

export const LICENSE_KEY_COLUMNS = [
  'key',
  'tier',
  'uses',
  'created_at',
  'expires_at',
  'status',
  'name',
] as const;
export type LicenseKeyColumn = (typeof LICENSE_KEY_COLUMNS)[number];

export interface LicenseKeySort {
  readonly column: LicenseKeyColumn;
  readonly direction: 'asc' | 'desc';
}

export const DEFAULT_LICENSE_KEY_SORT: LicenseKeySort = Object.freeze({
  column: 'created_at',
  direction: 'desc',
});

/** Clicking the sorted column flips its direction; another column starts ascending. */
export function nextSort(current: LicenseKeySort, column: LicenseKeyColumn): LicenseKeySort {
  if (current.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: 'asc' };
}

const STATUS_ORDER: Record<LicenseKeyStatus, number> = { active: 0, expired: 1, revoked: 2 };
const TIER_ORDER: Record<string, number> = { basic: 0, pro: 1, enterprise: 2 };

/**
 * The key table's order: a new array, never the input mutated. Ties fall back to the key itself so
 * the order is stable across refetches. Empty names sort last in either direction.
 */
export function sortLicenseKeys(
  keys: readonly LicenseKey[],
  sort: LicenseKeySort,
  now: Date,
): LicenseKey[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...keys].sort((a, b) => {
    if (sort.column === 'name') {
      if (!a.name !== !b.name) return a.name ? -1 : 1;
    }
    const byColumn = compareBy(sort.column, a, b, now);
    return byColumn !== 0 ? sign * byColumn : a.key.localeCompare(b.key);
  });
}

function compareBy(column: LicenseKeyColumn, a: LicenseKey, b: LicenseKey, now: Date): number {
  switch (column) {
    case 'key':
      return a.key.localeCompare(b.key);
    case 'tier':
      return (
        (TIER_ORDER[a.tier] ?? Number.MAX_SAFE_INTEGER) -
          (TIER_ORDER[b.tier] ?? Number.MAX_SAFE_INTEGER) || a.tier.localeCompare(b.tier)
      );
    case 'uses':
      return a.uses - b.uses || a.max_uses - b.max_uses;
    case 'created_at':
      return compareDates(a.created_at, b.created_at);
    case 'expires_at':
      return compareDates(a.expires_at, b.expires_at);
    case 'status':
      return STATUS_ORDER[licenseKeyStatus(a, now)] - STATUS_ORDER[licenseKeyStatus(b, now)];
    case 'name':
      return (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base' });
  }
}

function compareDates(a: string, b: string): number {
  return (Date.parse(a) || 0) - (Date.parse(b) || 0);
}

/** Spec 1 §4: a 401 on any admin call means the console is logged out. */
export function isAdminLoggedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export type AdminAction = 'login' | 'create' | 'revoke' | 'upgrade' | 'list';

const FALLBACK: Record<AdminAction, string> = {
  login: 'Authentication failed',
  create: 'Failed to create keys',
  revoke: 'Failed to revoke key',
  upgrade: 'Failed to update license key',
  list: 'Failed to load license keys',
};

/** Spec 1 §8 Admin: the server's sentence when it sent one, else the catalogue's words. */
export function adminErrorMessage(action: AdminAction, error: unknown): string {
  if (action === 'login' && isAdminLoggedOut(error)) return 'Authentication failed';
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return FALLBACK[action];
}
