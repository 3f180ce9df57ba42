import { FleetError, type Group } from '@fleet/core';
import type { z } from 'zod';
import type { groupWalletSchema } from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import { chunksOf, requireActiveWallets } from '../wallets/repository';
import {
  COMPUTED_GROUPS,
  OUTER_WALLET_ID,
  SEED_GROUP_PREFIX,
  computedGroupOf,
} from './computed-groups';
import type { Actor } from '../http/actor';
import { seedGroupName } from './system-tags';

type GroupWallet = z.infer<typeof groupWalletSchema>;
type GroupRow = typeof schema.walletGroups.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Custom groups the operator makes, and the computed ones Fleet derives (computed-groups.ts). */
export function createGroupsService(context: {
  readonly db: FleetDatabase;
  readonly audit: AuditLog;
}) {
  const { wallets, walletGroups, walletGroupMembers, seedGroups, masterWallets } = schema;

  function toGroup(row: GroupRow, memberCount?: number): Group {
    return {
      id: row.id,
      group_name: row.name,
      color: row.color,
      description: row.description,
      kind: 'custom',
      ...(memberCount === undefined ? {} : { count: memberCount }),
      created_at: row.createdAt.toISOString(),
    };
  }

  async function memberCount(tx: TenantDatabase, groupId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(walletGroupMembers)
      .innerJoin(wallets, eq(wallets.id, walletGroupMembers.walletId))
      .where(and(eq(walletGroupMembers.groupId, groupId), isNull(wallets.archivedAt)));
    return row?.n ?? 0;
  }

  /** A custom group of this tenant; computed ids are refused (400), anything else is 404. */
  async function requireCustomGroup(tx: TenantDatabase, groupId: string): Promise<GroupRow> {
    if (computedGroupOf(groupId) || groupId.startsWith(SEED_GROUP_PREFIX)) {
      throw new FleetError('GROUP__COMPUTED');
    }
    if (!UUID.test(groupId)) throw new FleetError('GROUP__NOT_FOUND', { groupId });
    const [row] = await tx
      .select()
      .from(walletGroups)
      .where(eq(walletGroups.id, groupId))
      .for('update');
    if (!row) throw new FleetError('GROUP__NOT_FOUND', { groupId });
    return row;
  }

  async function addMembers(tx: TenantDatabase, tenantId: string, groupId: string, ids: string[]) {
    for (const chunk of chunksOf(ids)) {
      await tx
        .insert(walletGroupMembers)
        .values(chunk.map((walletId) => ({ tenantId, groupId, walletId })))
        .onConflictDoNothing();
    }
  }

  /** Which group an id names, and which active wallets belong to it. */
  async function resolveGroup(
    tx: TenantDatabase,
    groupId: string,
  ): Promise<{ group: Group; where: SQL }> {
    const computed = computedGroupOf(groupId);
    if (computed) {
      return {
        group: {
          id: computed.id,
          group_name: computed.name,
          color: null,
          description: null,
          kind: 'computed',
          created_at: null,
        },
        where: computed.where,
      };
    }
    if (groupId.startsWith(SEED_GROUP_PREFIX)) {
      const seedId = groupId.slice(SEED_GROUP_PREFIX.length);
      const [seed] = UUID.test(seedId)
        ? await tx.select().from(seedGroups).where(eq(seedGroups.id, seedId))
        : [];
      if (!seed) throw new FleetError('GROUP__NOT_FOUND', { groupId });
      return { group: seedGroupOf(seed), where: eq(wallets.seedGroupId, seed.id) };
    }
    const [row] = UUID.test(groupId)
      ? await tx.select().from(walletGroups).where(eq(walletGroups.id, groupId))
      : [];
    if (!row) throw new FleetError('GROUP__NOT_FOUND', { groupId });
    return {
      group: toGroup(row),
      where: sql`exists (select 1 from wallet_group_members m where m.group_id = ${row.id} and m.wallet_id = ${OUTER_WALLET_ID})`,
    };
  }

  return {
    /**
     * `GET /api/groups`: computed groups first, one per seed import source, then custom groups.
     * With counts, each group also carries its active wallets' SOL (lamports summed in SQL as
     * numeric, exact past 2^63) and a value that stays null until a price service exists.
     */
    async list(actor: Actor, withCounts: boolean): Promise<Group[]> {
      return withTenant(context.db, actor.tenantId, async (tx) => {
        const seeds = await tx.select().from(seedGroups).orderBy(asc(seedGroups.createdAt));
        const custom = await tx
          .select()
          .from(walletGroups)
          .orderBy(asc(walletGroups.createdAt), asc(walletGroups.name));
        const computed: Group[] = COMPUTED_GROUPS.map((group) => ({
          id: group.id,
          group_name: group.name,
          color: null,
          description: null,
          kind: 'computed',
          created_at: null,
        }));
        const seedGroupsList = seeds.map(seedGroupOf);
        const customList = custom.map((row) => toGroup(row));
        if (!withCounts) return [...computed, ...seedGroupsList, ...customList];

        // Each computed group's count and SOL in one pass over the wallets, aliased by position:
        // unaliased, every column would be called `count` or `sum`.
        const tallyColumns = sql.join(
          COMPUTED_GROUPS.map(
            (group, index) =>
              sql`count(*) filter (where ${group.where})::int as ${sql.identifier(`c${index}`)},
                coalesce(sum(${wallets.lamports}) filter (where ${group.where}), 0)::text
                  as ${sql.identifier(`l${index}`)}`,
          ),
          sql`, `,
        );
        const result = await tx.execute<Record<string, number | string>>(
          sql`select ${tallyColumns} from ${wallets} where ${wallets.archivedAt} is null`,
        );
        const tallyRow = result.rows[0] ?? {};
        const computedTallies = COMPUTED_GROUPS.map((_, index) => ({
          n: Number(tallyRow[`c${index}`] ?? 0),
          lamports: String(tallyRow[`l${index}`] ?? '0'),
        }));
        const lamportsSum = sql<string>`coalesce(sum(${wallets.lamports}), 0)::text`;
        const seedTallies = new Map(
          (
            await tx
              .select({ id: wallets.seedGroupId, n: count(), lamports: lamportsSum })
              .from(wallets)
              .where(isNull(wallets.archivedAt))
              .groupBy(wallets.seedGroupId)
          ).map((row) => [row.id, row]),
        );
        const memberTallies = new Map(
          (
            await tx
              .select({ id: walletGroupMembers.groupId, n: count(), lamports: lamportsSum })
              .from(walletGroupMembers)
              .innerJoin(wallets, eq(wallets.id, walletGroupMembers.walletId))
              .where(isNull(wallets.archivedAt))
              .groupBy(walletGroupMembers.groupId)
          ).map((row) => [row.id, row]),
        );
        return [
          ...computed.map((group, index) => withTally(group, computedTallies[index])),
          ...seeds.map((seed, index) =>
            withTally(seedGroupsList[index] ?? seedGroupOf(seed), seedTallies.get(seed.id)),
          ),
          ...custom.map((row) => withTally(toGroup(row), memberTallies.get(row.id))),
        ];
      });
    },

    /** `POST /api/groups`: a custom group, with its first wallets; any unknown id refuses it all. */
    async create(
      actor: Actor,
      input: {
        group_name: string;
        color: string;
        description?: string | undefined;
        walletIds: readonly string[];
      },
    ): Promise<Group> {
      const group = await withTenant(context.db, actor.tenantId, async (tx) => {
        const ids = await requireActiveWallets(tx, input.walletIds);
        const [row] = await tx
          .insert(walletGroups)
          .values({
            tenantId: actor.tenantId,
            name: input.group_name,
            color: input.color,
            description: input.description || null,
            createdBy: actor.user.id,
          })
          .returning();
        if (!row) throw new FleetError('GROUP__NOT_CREATED');
        await addMembers(tx, actor.tenantId, row.id, ids);
        return toGroup(row, ids.length);
      });
      await context.audit.recordSuccess(actor, 'group.create', {
        groupId: group.id,
        wallets: group.count ?? 0,
      });
      return group;
    },

    /** `PATCH /api/groups/:id`: rename, recolour, describe, add and remove wallets in one go. */
    async update(
      actor: Actor,
      groupId: string,
      input: {
        group_name?: string | undefined;
        color?: string | undefined;
        description?: string | undefined;
        addWalletIds?: readonly string[] | undefined;
        removeWalletIds?: readonly string[] | undefined;
      },
    ): Promise<Group> {
      const group = await withTenant(context.db, actor.tenantId, async (tx) => {
        await requireCustomGroup(tx, groupId);
        const toAdd = await requireActiveWallets(tx, input.addWalletIds ?? []);
        const toRemove = await requireActiveWallets(tx, input.removeWalletIds ?? [], {
          includeArchived: true,
        });
        const [row] = await tx
          .update(walletGroups)
          .set({
            ...(input.group_name !== undefined ? { name: input.group_name } : {}),
            ...(input.color !== undefined ? { color: input.color } : {}),
            ...(input.description !== undefined ? { description: input.description || null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(walletGroups.id, groupId))
          .returning();
        if (!row) throw new FleetError('GROUP__NOT_FOUND', { groupId });
        await addMembers(tx, actor.tenantId, groupId, toAdd);
        for (const chunk of chunksOf(toRemove)) {
          await tx
            .delete(walletGroupMembers)
            .where(
              and(
                eq(walletGroupMembers.groupId, groupId),
                inArray(walletGroupMembers.walletId, chunk),
              ),
            );
        }
        return toGroup(row, await memberCount(tx, groupId));
      });
      await context.audit.recordSuccess(actor, 'group.update', {
        groupId,
        added: input.addWalletIds?.length ?? 0,
        removed: input.removeWalletIds?.length ?? 0,
      });
      return group;
    },

    /** `DELETE /api/groups/:id`: the group and its membership go; the wallets are untouched. */
    async remove(actor: Actor, groupId: string): Promise<void> {
      await withTenant(context.db, actor.tenantId, async (tx) => {
        await requireCustomGroup(tx, groupId);
        await tx.delete(walletGroupMembers).where(eq(walletGroupMembers.groupId, groupId));
        await tx.delete(walletGroups).where(eq(walletGroups.id, groupId));
      });
      await context.audit.recordSuccess(actor, 'group.delete', { groupId });
    },

    /** `GET /api/groups/:id/wallets`: the group and its active wallets, keys never included. */
    async wallets(
      actor: Actor,
      groupId: string,
    ): Promise<{ group: Group; wallets: GroupWallet[] }> {
      return withTenant(context.db, actor.tenantId, async (tx) => {
        const { group, where } = await resolveGroup(tx, groupId);
        const rows = await tx
          .select({
            id: wallets.id,
            publicAddress: wallets.publicAddress,
            name: wallets.name,
            lamports: wallets.lamports,
            lastScannedAt: wallets.lastScannedAt,
            createdAt: wallets.createdAt,
            isTrader: wallets.isTrader,
            // Whether a sealed key is held, computed in SQL so the ciphertext is never read.
            hasPrivateKey: sql<boolean>`(octet_length(${wallets.encryptedKey}) > 0)`,
            isMaster: sql<boolean>`exists (select 1 from ${masterWallets} mw where mw.public_address = "wallets"."public_address")`,
          })
          .from(wallets)
          .where(and(isNull(wallets.archivedAt), where))
          .orderBy(asc(wallets.createdAt), asc(wallets.id));
        return {
          group: { ...group, count: rows.length },
          wallets: rows.map((row) => ({
            id: row.id,
            public_address: row.publicAddress,
            name: row.name,
            lamports_balance: row.lamports === null ? null : row.lamports.toString(),
            last_updated: row.lastScannedAt?.toISOString() ?? null,
            created_at: row.createdAt.toISOString(),
            is_trader: row.isTrader,
            is_master_wallet: Boolean(row.isMaster),
            has_private_key: Boolean(row.hasPrivateKey),
          })),
        };
      });
    },
  };
}

/** A group with its active wallets' count and SOL; none counted means 0 of both. */
function withTally(
  group: Group,
  tally: { readonly n: number; readonly lamports: string } | undefined,
): Group {
  return {
    ...group,
    count: tally?.n ?? 0,
    total_lamports: tally?.lamports ?? '0',
    total_value_usd: null,
  };
}

/** A seed import source as a group (spec 1 §3): `seed:{id}`, named by the seed's label. */
function seedGroupOf(seed: typeof schema.seedGroups.$inferSelect): Group {
  return {
    id: `${SEED_GROUP_PREFIX}${seed.id}`,
    group_name: seedGroupName(seed),
    color: null,
    description: null,
    kind: 'seed',
    created_at: seed.createdAt.toISOString(),
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
