import { FleetError, type Tag } from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import { chunksOf, requireActiveWallets } from '../wallets/repository';
import type { Actor } from '../http/actor';
import { SYSTEM_TAGS, seedGroupName, seedTagSlug, type SystemTagSlug } from './system-tags';
import { slugOfTagName } from './tag-slug';

type TagRow = typeof schema.tags.$inferSelect;

/** Tags (spec 2 §3): custom ones the operator assigns, and Fleet's own (see system-tags.ts). */
export function createTagsService(context: {
  readonly db: FleetDatabase;
  readonly audit: AuditLog;
}) {
  const { tags, walletTags, wallets, seedGroups } = schema;

  /** The tenant's system tag rows, made the first time any tag call needs them. */
  async function ensureSystemTags(tx: TenantDatabase, tenantId: string): Promise<void> {
    await tx
      .insert(tags)
      .values(SYSTEM_TAGS.map((tag) => ({ ...tag, tenantId, isSystem: true })))
      .onConflictDoNothing({ target: [tags.tenantId, tags.slug] });
  }

  /** How many active wallets each system tag has: read from the wallets, never assigned. */
  async function systemTagCounts(tx: TenantDatabase): Promise<Map<SystemTagSlug, number>> {
    const [traders] = await tx
      .select({ n: count() })
      .from(wallets)
      .where(and(isNull(wallets.archivedAt), eq(wallets.isTrader, true)));
    return new Map([['trader', traders?.n ?? 0]]);
  }

  function toTag(row: TagRow, walletCount: number): Tag {
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      color: row.color,
      icon: row.icon,
      description: row.description,
      is_system: row.isSystem,
      is_computed: row.isSystem,
      created_by: row.createdBy,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      wallet_count: walletCount,
    };
  }

  /**
   * Checks every tag id before anything is written: a system tag or a seed tag (a seed group's
   * id) cannot be assigned (400); an id that is neither a tag nor a seed group of this tenant is
   * unknown (404). Another tenant's ids are invisible under RLS, so they are unknown too.
   */
  async function requireCustomTags(tx: TenantDatabase, tagIds: readonly string[]) {
    const ids = [...new Set(tagIds.map((id) => id.toLowerCase()))];
    const rows = await tx
      .select({ id: tags.id, isSystem: tags.isSystem })
      .from(tags)
      .where(inArray(tags.id, ids));
    if (rows.some((row) => row.isSystem)) throw new FleetError('TAG__COMPUTED');
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const seeds = await tx
        .select({ id: seedGroups.id })
        .from(seedGroups)
        .where(inArray(seedGroups.id, missing));
      if (seeds.length > 0) throw new FleetError('TAG__COMPUTED');
      throw new FleetError('TAG__SOME_NOT_FOUND', { firstMissing: missing[0] ?? '' });
    }
    return ids;
  }

  /** A custom tag to change or delete, refusing Fleet's own with 400 and the unknown with 404. */
  async function requireEditableTag(tx: TenantDatabase, tagId: string): Promise<TagRow> {
    const [row] = await tx.select().from(tags).where(eq(tags.id, tagId)).for('update');
    if (row?.isSystem) throw new FleetError('TAG__COMPUTED');
    if (row) return row;
    const [seed] = await tx
      .select({ id: seedGroups.id })
      .from(seedGroups)
      .where(eq(seedGroups.id, tagId));
    if (seed) throw new FleetError('TAG__COMPUTED');
    throw new FleetError('TAG__NOT_FOUND', { tagId });
  }

  async function customTagCount(tx: TenantDatabase, tagId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(walletTags)
      .innerJoin(wallets, eq(wallets.id, walletTags.walletId))
      .where(and(eq(walletTags.tagId, tagId), isNull(wallets.archivedAt)));
    return row?.n ?? 0;
  }

  return {
    /** `GET /api/tags`: system tags, then one computed tag per seed group, then custom tags. */
    async list(actor: Actor): Promise<Tag[]> {
      return withTenant(context.db, actor.tenantId, async (tx) => {
        await ensureSystemTags(tx, actor.tenantId);
        const rows = await tx.select().from(tags).orderBy(asc(tags.createdAt), asc(tags.name));
        const assigned = await tx
          .select({ tagId: walletTags.tagId, n: count() })
          .from(walletTags)
          .innerJoin(wallets, eq(wallets.id, walletTags.walletId))
          .where(isNull(wallets.archivedAt))
          .groupBy(walletTags.tagId);
        const assignedCounts = new Map(assigned.map((row) => [row.tagId, row.n]));
        const systemCounts = await systemTagCounts(tx);
        const seeds = await tx.select().from(seedGroups).orderBy(asc(seedGroups.createdAt));
        const seedCountRows = await tx
          .select({ seedGroupId: wallets.seedGroupId, n: count() })
          .from(wallets)
          .where(and(isNull(wallets.archivedAt), isNotNull(wallets.seedGroupId)))
          .groupBy(wallets.seedGroupId);
        const seedCounts = new Map(seedCountRows.map((row) => [row.seedGroupId, row.n]));

        const system = rows
          .filter((row) => row.isSystem)
          .map((row) => toTag(row, systemCounts.get(row.slug as SystemTagSlug) ?? 0));
        const computed: Tag[] = seeds.map((seed) => ({
          id: seed.id,
          slug: seedTagSlug(seed.id),
          name: seedGroupName(seed),
          color: null,
          icon: null,
          description: 'Wallets derived from this seed',
          is_system: true,
          is_computed: true,
          created_by: null,
          created_at: seed.createdAt.toISOString(),
          updated_at: seed.createdAt.toISOString(),
          wallet_count: seedCounts.get(seed.id) ?? 0,
        }));
        const custom = rows
          .filter((row) => !row.isSystem)
          .map((row) => toTag(row, assignedCounts.get(row.id) ?? 0));
        return [...system, ...computed, ...custom];
      });
    },

    /** `POST /api/tags`: a custom tag; its slug comes from its name and is unique per tenant. */
    async create(
      actor: Actor,
      input: { name: string; color: string; description?: string | undefined },
    ): Promise<Tag> {
      const slug = slugOfTagName(input.name);
      const tag = await withTenant(context.db, actor.tenantId, async (tx) => {
        // System rows first, so a custom "Trader" collides with the system tag instead of taking
        // its slug before the system row exists.
        await ensureSystemTags(tx, actor.tenantId);
        const [row] = await tx
          .insert(tags)
          .values({
            tenantId: actor.tenantId,
            slug,
            name: input.name,
            color: input.color,
            description: input.description || null,
            createdBy: actor.user.id,
          })
          .onConflictDoNothing({ target: [tags.tenantId, tags.slug] })
          .returning();
        if (!row) throw new FleetError('TAG__NAME_TAKEN');
        return toTag(row, 0);
      });
      await context.audit.recordSuccess(actor, 'tag.create', { tagId: tag.id });
      return tag;
    },

    /** `PATCH /api/tags/:id`: rename (the slug follows), recolour or describe a custom tag. */
    async update(
      actor: Actor,
      tagId: string,
      input: {
        name?: string | undefined;
        color?: string | undefined;
        description?: string | undefined;
      },
    ): Promise<Tag> {
      const slug = input.name === undefined ? undefined : slugOfTagName(input.name);
      const tag = await withTenant(context.db, actor.tenantId, async (tx) => {
        await requireEditableTag(tx, tagId);
        if (slug !== undefined) {
          const [clash] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug));
          if (clash && clash.id !== tagId) throw new FleetError('TAG__NAME_TAKEN');
        }
        const [row] = await tx
          .update(tags)
          .set({
            ...(input.name !== undefined && slug !== undefined ? { name: input.name, slug } : {}),
            ...(input.color !== undefined ? { color: input.color } : {}),
            ...(input.description !== undefined ? { description: input.description || null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(tags.id, tagId))
          .returning();
        if (!row) throw new FleetError('TAG__NOT_FOUND', { tagId });
        return toTag(row, await customTagCount(tx, row.id));
      });
      await context.audit.recordSuccess(actor, 'tag.update', { tagId });
      return tag;
    },

    /** `DELETE /api/tags/:id`: the tag and its assignments go; the wallets stay as they were. */
    async remove(actor: Actor, tagId: string): Promise<void> {
      await withTenant(context.db, actor.tenantId, async (tx) => {
        await requireEditableTag(tx, tagId);
        await tx.delete(walletTags).where(eq(walletTags.tagId, tagId));
        await tx.delete(tags).where(eq(tags.id, tagId));
      });
      await context.audit.recordSuccess(actor, 'tag.delete', { tagId });
    },

    /**
     * `POST /api/tags/assign`: every wallet gets every tag. All ids are checked first and the
     * whole change is one transaction; pairs already there are left alone, so `changed` counts
     * only the assignments that are new.
     */
    async assign(
      actor: Actor,
      input: { walletIds: readonly string[]; tagIds: readonly string[] },
    ): Promise<number> {
      const changed = await withTenant(context.db, actor.tenantId, async (tx) => {
        const tagIds = await requireCustomTags(tx, input.tagIds);
        const walletIds = await requireActiveWallets(tx, input.walletIds);
        let inserted = 0;
        for (const tagId of tagIds) {
          for (const chunk of chunksOf(walletIds)) {
            const rows = await tx
              .insert(walletTags)
              .values(chunk.map((walletId) => ({ tenantId: actor.tenantId, walletId, tagId })))
              .onConflictDoNothing()
              .returning({ walletId: walletTags.walletId });
            inserted += rows.length;
          }
        }
        return inserted;
      });
      await context.audit.recordSuccess(actor, 'tag.assign', {
        wallets: input.walletIds.length,
        tags: input.tagIds.length,
        changed,
      });
      return changed;
    },

    /** `POST /api/tags/unassign`: the same checks as assigning; `changed` counts removals. */
    async unassign(
      actor: Actor,
      input: { walletIds: readonly string[]; tagIds: readonly string[] },
    ): Promise<number> {
      const changed = await withTenant(context.db, actor.tenantId, async (tx) => {
        const tagIds = await requireCustomTags(tx, input.tagIds);
        const walletIds = await requireActiveWallets(tx, input.walletIds);
        let removed = 0;
        for (const chunk of chunksOf(walletIds)) {
          const rows = await tx
            .delete(walletTags)
            .where(and(inArray(walletTags.tagId, tagIds), inArray(walletTags.walletId, chunk)))
            .returning({ walletId: walletTags.walletId });
          removed += rows.length;
        }
        return removed;
      });
      await context.audit.recordSuccess(actor, 'tag.unassign', {
        wallets: input.walletIds.length,
        tags: input.tagIds.length,
        changed,
      });
      return changed;
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
