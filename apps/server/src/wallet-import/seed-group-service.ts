import { FleetError, isDerivationScheme, type DerivationScheme, type SeedGroup } from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';

/**
 * Seed vaults (spec 1 §3, spec 2 §2.2): one per seed phrase and derivation scheme, known by a
 * salted fingerprint, never by the phrase. Listing, creating (idempotent per fingerprint and
 * scheme) and renaming; importing accounts into a group is the import service's business.
 */
export function createSeedGroupService(context: {
  readonly db: FleetDatabase;
  readonly audit: AuditLog;
}) {
  const { wallets, seedGroups, tenants } = schema;

  return {
    /** `GET /api/seed-groups`: this tenant's groups and the salt its fingerprints are made with. */
    async listSeedGroups(actor: Actor): Promise<{ groups: SeedGroup[]; fingerprintSalt: string }> {
      const [tenant] = await context.db
        .select({ seedSalt: tenants.seedSalt })
        .from(tenants)
        .where(eq(tenants.id, actor.tenantId));
      if (!tenant) throw new FleetError('TENANT__NOT_FOUND');
      const groups = await withTenant(context.db, actor.tenantId, async (tx) => {
        const rows = await tx.select().from(seedGroups).orderBy(seedGroups.createdAt);
        const counted = await tx
          .select({ groupId: wallets.seedGroupId, walletCount: count() })
          .from(wallets)
          .where(and(isNotNull(wallets.seedGroupId), sql`${wallets.archivedAt} is null`))
          .groupBy(wallets.seedGroupId);
        const counts = new Map(counted.map((row) => [row.groupId, row.walletCount]));
        return rows.map((row) => toSeedGroup(row, counts.get(row.id) ?? 0));
      });
      return { groups, fingerprintSalt: tenant.seedSalt };
    },

    /** `POST /api/seed-groups`: the same fingerprint and scheme again give back the existing group. */
    async createSeedGroup(
      actor: Actor,
      input: {
        label?: string | undefined;
        seedFingerprint: string;
        derivationScheme: DerivationScheme;
      },
    ): Promise<SeedGroup> {
      const label = input.label ? input.label : null;
      const group = await withTenant(context.db, actor.tenantId, async (tx) => {
        await tx
          .insert(seedGroups)
          .values({
            tenantId: actor.tenantId,
            label,
            seedFingerprint: input.seedFingerprint,
            derivationScheme: input.derivationScheme,
          })
          .onConflictDoNothing({
            target: [seedGroups.tenantId, seedGroups.seedFingerprint, seedGroups.derivationScheme],
          });
        const [row] = await tx
          .select()
          .from(seedGroups)
          .where(
            and(
              eq(seedGroups.seedFingerprint, input.seedFingerprint),
              eq(seedGroups.derivationScheme, input.derivationScheme),
            ),
          );
        if (!row) throw new FleetError('SEED_GROUP__NOT_CREATED');
        const [counted] = await tx
          .select({ walletCount: count() })
          .from(wallets)
          .where(and(eq(wallets.seedGroupId, row.id), sql`${wallets.archivedAt} is null`));
        return toSeedGroup(row, counted?.walletCount ?? 0);
      });
      await context.audit.recordSuccess(actor, 'seed_group.create', {
        groupId: group.id,
        derivationScheme: group.derivationScheme,
      });
      return group;
    },

    /** `PATCH /api/seed-groups/:id`: another tenant's group is as absent as a missing one. */
    async renameSeedGroup(actor: Actor, groupId: string, label: string): Promise<SeedGroup> {
      return withTenant(context.db, actor.tenantId, async (tx) => {
        const [row] = await tx
          .update(seedGroups)
          .set({ label: label === '' ? null : label })
          .where(eq(seedGroups.id, groupId))
          .returning();
        if (!row) throw new FleetError('SEED_GROUP__NOT_FOUND', { seedGroupId: groupId });
        const [counted] = await tx
          .select({ walletCount: count() })
          .from(wallets)
          .where(and(eq(wallets.seedGroupId, row.id), sql`${wallets.archivedAt} is null`));
        return toSeedGroup(row, counted?.walletCount ?? 0);
      });
    },
  };
}

export type SeedGroupService = ReturnType<typeof createSeedGroupService>;

function toSeedGroup(row: typeof schema.seedGroups.$inferSelect, walletCount: number): SeedGroup {
  return {
    id: row.id,
    label: row.label,
    seedFingerprint: row.seedFingerprint,
    derivationScheme: schemeOf(row),
    walletCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The database's check constraint admits only known schemes; a stranger here is a defect. */
export function schemeOf(row: { readonly id: string; readonly derivationScheme: string }) {
  if (!isDerivationScheme(row.derivationScheme)) {
    throw new FleetError('SEED_GROUP__UNKNOWN_SCHEME', { groupId: row.id });
  }
  return row.derivationScheme;
}
