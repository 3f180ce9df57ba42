import { FleetError, type LicenseKey, type LicenseTier } from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { desc, eq } from 'drizzle-orm';
import type { SessionStore } from '../auth/session-store';
import { newLicenseKey } from './license-key-format';

type LicenseRow = typeof schema.licenseKeys.$inferSelect;

export function toLicenseKey(row: LicenseRow): LicenseKey {
  return {
    key: row.key,
    tier: row.tier,
    uses: row.uses,
    max_uses: row.maxUses,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    name: row.name,
  };
}

/** The administrator's licence operations. Each new key is a new tenant. */
export function createLicenseService(context: {
  readonly db: FleetDatabase;
  readonly sessions: SessionStore;
  readonly now?: () => Date;
}) {
  const now = context.now ?? (() => new Date());
  const { licenseKeys, tenants } = schema;

  async function findOrThrow(key: string): Promise<LicenseRow> {
    const [row] = await context.db.select().from(licenseKeys).where(eq(licenseKeys.key, key));
    if (!row) throw new FleetError('LICENSE__NOT_FOUND');
    return row;
  }

  return {
    async list(): Promise<LicenseKey[]> {
      const rows = await context.db.select().from(licenseKeys).orderBy(desc(licenseKeys.createdAt));
      return rows.map(toLicenseKey);
    },

    async create(input: {
      durationDays: number;
      tier: LicenseTier;
      batch: number;
      maxUses: number;
      name?: string | undefined;
    }): Promise<LicenseKey[]> {
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + input.durationDays * 86_400_000);
      return context.db.transaction(async (tx) => {
        const created: LicenseKey[] = [];
        for (let index = 0; index < input.batch; index++) {
          const [tenant] = await tx
            .insert(tenants)
            .values({ createdAt })
            .returning({ id: tenants.id });
          if (!tenant) throw new FleetError('LICENSE__KEYS_NOT_CREATED');
          const [row] = await tx
            .insert(licenseKeys)
            .values({
              key: newLicenseKey(),
              tenantId: tenant.id,
              tier: input.tier,
              maxUses: input.maxUses,
              name: input.name ?? null,
              createdAt,
              expiresAt,
            })
            .returning();
          if (!row) throw new FleetError('LICENSE__KEYS_NOT_CREATED');
          created.push(toLicenseKey(row));
        }
        return created;
      });
    },

    /** The revoked key, and its tenant (the audit entry is written into that tenant's log). */
    async revoke(key: string): Promise<{ license: LicenseKey; tenantId: string }> {
      const row = await findOrThrow(key);
      const [updated] = await context.db
        .update(licenseKeys)
        .set({ revokedAt: row.revokedAt ?? now() })
        .where(eq(licenseKeys.id, row.id))
        .returning();
      // Revocation ends the tenant's sessions at once, not at their next timeout.
      await context.sessions.revokeAllForTenant(row.tenantId);
      return { license: toLicenseKey(updated ?? row), tenantId: row.tenantId };
    },

    async upgrade(input: {
      key: string;
      newTier?: LicenseTier | undefined;
      newMaxUses?: number | undefined;
    }): Promise<{ license: LicenseKey; tenantId: string }> {
      const row = await findOrThrow(input.key);
      if (input.newMaxUses !== undefined && input.newMaxUses < row.uses) {
        throw new FleetError('LICENSE__MAX_USES_BELOW_USES', { uses: row.uses });
      }
      const [updated] = await context.db
        .update(licenseKeys)
        .set({
          ...(input.newTier ? { tier: input.newTier } : {}),
          ...(input.newMaxUses !== undefined ? { maxUses: input.newMaxUses } : {}),
        })
        .where(eq(licenseKeys.id, row.id))
        .returning();
      return { license: toLicenseKey(updated ?? row), tenantId: row.tenantId };
    },
  };
}

export type LicenseService = ReturnType<typeof createLicenseService>;
