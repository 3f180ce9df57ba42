import { FleetError, walletSchema, type Wallet, type WalletSummary } from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { walletColumnsJson, walletColumnsSql, type WalletColumnsRow } from './wallet-columns-sql';
import {
  createWalletListCache,
  type CachedWalletList,
  type ContentEncoding,
  type WalletListCache,
} from './wallet-list-cache';
import {
  latestImportCte,
  TOKEN_ACCOUNT_RENT_LAMPORTS,
  walletListBodySql,
  walletSummarySql,
  type SummaryRow,
  type WalletFilter,
} from './wallet-list-sql';
import type { Actor } from '../http/actor';

export interface ListWalletsInput extends WalletFilter {
  readonly mode: 'slim' | 'full';
  readonly summary: boolean;
}

/** The slim (columnar) list, ready to be sent in the encoding the client accepts. */
export interface SlimWalletListAnswer {
  /** Answered from the list cache, not written by the database for this request. */
  readonly cached: boolean;
  encode(encoding: ContentEncoding): Promise<Buffer>;
}

/** Whole lists for a handful of large tenants: 8 MB of text, 2.9 MB br and 2.9 MB gzip per 50,000. */
const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

/** A written list and whether the latest import's badges are in it. */
interface WrittenList extends CachedWalletList {
  readonly latestImportShown: boolean;
}

/**
 * A whole list's cache key: the tenant and the reply's shape, and whether the latest import's
 * badges show, which ends with the clock (24 hours) rather than with a change to the data.
 */
const cacheKey = (base: string, latestImportShown: boolean) =>
  `${base}:${latestImportShown ? 'badges' : 'settled'}`;

const isWholeList = (input: ListWalletsInput) =>
  input.tag === undefined &&
  input.groupId === undefined &&
  input.seedGroupId === undefined &&
  input.importBatchId === undefined &&
  !input.traderOnly &&
  input.address === undefined;

/** `GET /api/wallets` and `GET /api/wallet/{address}`: reads only, from the last scan's figures. */
export function createWalletListService(context: {
  readonly db: FleetDatabase;
  readonly cache?: WalletListCache;
}) {
  const cache = context.cache ?? createWalletListCache({ maxBytes: DEFAULT_CACHE_BYTES });
  // Lists being written, by tenant, shape and version: requests that arrive together after a
  // change (several tabs, a refetch burst) share one statement instead of each running it.
  const writing = new Map<string, Promise<{ key: string; list: CachedWalletList }>>();

  async function rowsJson(tx: TenantDatabase, tenantId: string, input: ListWalletsInput) {
    if (input.address === undefined) await planForWholeLists(tx);
    const result = await tx.execute<{ body: string }>(walletListBodySql(tenantId, input));
    return result.rows[0]?.body ?? '';
  }

  async function writeColumns(tenantId: string, input: ListWalletsInput): Promise<WrittenList> {
    return withTenant(context.db, tenantId, async (tx) => {
      await planForWholeLists(tx);
      // The columns are aggregated from one ordered subquery: a parallel plan would interleave it.
      // The ordering sort and the hash joins hold ~10 MB at 50,000 wallets: in memory, not on disk.
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      const result = await tx.execute<WalletColumnsRow>(
        walletColumnsSql(tenantId, input, { summary: input.summary }),
      );
      const row = result.rows[0];
      if (!row) throw new FleetError('WALLET__LIST_NOT_WRITTEN');
      const summary = input.summary ? JSON.stringify(toSummary(summaryRowOf(row))) : undefined;
      return {
        version: row.version,
        body: walletColumnsJson(row, summary),
        latestImportShown: row.latest_import_shown,
      };
    });
  }

  /**
   * Writes the whole list once for all requests waiting on this version, and caches it under the
   * key of what it holds: whether the badges are in it is read in the same statement as the
   * rows, so a list written just after an import or just after the 24 hours never lands under
   * the other key. The other key's list is dropped: it can only be older.
   */
  function writeShared(
    base: string,
    version: string,
    tenantId: string,
    input: ListWalletsInput,
  ): Promise<{ key: string; list: CachedWalletList }> {
    const writeKey = `${base}@${version}`;
    let pending = writing.get(writeKey);
    if (pending === undefined) {
      pending = writeColumns(tenantId, input)
        .then((list) => {
          const key = cacheKey(base, list.latestImportShown);
          cache.set(key, list);
          cache.delete(cacheKey(base, !list.latestImportShown));
          return { key, list };
        })
        .finally(() => writing.delete(writeKey));
      writing.set(writeKey, pending);
    }
    return pending;
  }

  /**
   * The tenant's list version, and whether its latest import is still under 24 hours old. The
   * second changes with the clock, not the data: it is part of the cache key, so the list
   * written while the badges showed is not answered once they have expired.
   */
  async function currentVersion(
    tenantId: string,
  ): Promise<{ version: string; latestImportShown: boolean }> {
    return withTenant(context.db, tenantId, async (tx) => {
      const result = await tx.execute<{ version: string | null; latest_import_shown: boolean }>(
        sql`with ${latestImportCte(sql`${tenantId}::uuid`)}
          select (select version::text from wallet_list_versions where tenant_id = ${tenantId}::uuid) as version,
            exists (select 1 from latest) as latest_import_shown`,
      );
      const row = result.rows[0];
      return { version: row?.version ?? '0', latestImportShown: row?.latest_import_shown === true };
    });
  }

  async function summary(
    tx: TenantDatabase,
    tenantId: string,
    filter: WalletFilter,
  ): Promise<WalletSummary> {
    if (filter.address === undefined) await planForWholeLists(tx);
    const result = await tx.execute<SummaryRow>(walletSummarySql(tenantId, filter));
    const row = result.rows[0];
    if (!row) throw new FleetError('WALLET__SUMMARY_NOT_COMPUTED');
    return toSummary(row);
  }

  return {
    /**
     * `mode=slim`: the columnar list (`slimWalletListResponseSchema`). A whole-tenant list is
     * answered from the cache while the tenant's version stands still, else written afresh and
     * cached; filtered lists are always written afresh. The text is the database's: nothing is
     * built per wallet in Node and nothing is validated on the way out (the API tests parse it).
     */
    async slimList(actor: Actor, input: ListWalletsInput): Promise<SlimWalletListAnswer> {
      if (!isWholeList(input)) {
        const list = await writeColumns(actor.tenantId, input);
        return {
          cached: false,
          encode: (encoding) => cache.encoded('', list, encoding),
        };
      }
      const { version, latestImportShown } = await currentVersion(actor.tenantId);
      const base = `${actor.tenantId}:${input.summary ? 'summary' : 'rows'}`;
      const key = cacheKey(base, latestImportShown);
      const cachedList = cache.get(key, version);
      if (cachedList !== undefined) {
        return { cached: true, encode: (encoding) => cache.encoded(key, cachedList, encoding) };
      }
      const written = await writeShared(base, version, actor.tenantId, input);
      return {
        cached: false,
        encode: (encoding) => cache.encoded(written.key, written.list, encoding),
      };
    },

    /** `GET /api/wallets/version`: one row read, what the console polls to follow the list. */
    async version(actor: Actor): Promise<string> {
      return (await currentVersion(actor.tenantId)).version;
    },

    /**
     * `mode=full`: the reply body as JSON text the database wrote (see `walletListBodySql`),
     * token accounts and tags spelled out per wallet.
     */
    async listJson(actor: Actor, input: ListWalletsInput): Promise<string> {
      return withTenant(context.db, actor.tenantId, async (tx) => {
        const rows = await rowsJson(tx, actor.tenantId, input);
        const summaryText = input.summary
          ? `,"summary":${JSON.stringify(await summary(tx, actor.tenantId, input))}`
          : '';
        return `{"wallets":[${rows}]${summaryText}}`;
      });
    },

    async get(actor: Actor, address: string): Promise<Wallet> {
      const body = await withTenant(context.db, actor.tenantId, (tx) =>
        rowsJson(tx, actor.tenantId, { address, mode: 'full', summary: false }),
      );
      if (body === '') throw new FleetError('WALLET__NOT_FOUND', { address });
      return walletSchema.parse(JSON.parse(body));
    },
  };
}

/** The summary figures of a columns row written with `summary: true` (one SQL fragment). */
function summaryRowOf(row: WalletColumnsRow): SummaryRow {
  if (!hasSummary(row)) throw new FleetError('WALLET__SUMMARY_NOT_COMPUTED');
  return { ...row, total: row.count };
}

function hasSummary(row: WalletColumnsRow): row is WalletColumnsRow & Omit<SummaryRow, 'total'> {
  return row.with_sol !== undefined;
}

/**
 * Whole-tenant lists join and group tens of thousands of rows, where hashing is linear. Without
 * fresh statistics (PGlite never runs autovacuum's ANALYZE) the planner expects a handful of rows
 * and picks nested loops over the CTEs (quadratic) or sort-based grouping and merge joins (twice
 * the time of hashing at 50,000 wallets); and its inflated join estimates make Postgres spend
 * a second on JIT compilation. These settings last this transaction only; the final ordering is
 * done inside `string_agg`, which they do not touch.
 */
async function planForWholeLists(tx: TenantDatabase): Promise<void> {
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`set local enable_sort = off`);
  await tx.execute(sql`set local jit = off`);
}

export type WalletListService = ReturnType<typeof createWalletListService>;

function toSummary(row: SummaryRow): WalletSummary {
  return {
    wallets: {
      total: row.total,
      withSol: row.with_sol,
      withAssets: row.with_assets,
      withClosable: row.with_closable,
      // No liquidity feature yet: nobody is a pool creator.
      poolCreators: 0,
      traders: row.traders,
    },
    totalLamports: row.total_lamports,
    tokens: {
      uniqueAssets: row.unique_assets,
      assetInstances: row.asset_instances,
      instancesWithBalance: row.instances_with_balance,
      totalValueUsd: null,
    },
    closable: {
      count: row.closable_count,
      rentLamports: (BigInt(row.closable_count) * TOKEN_ACCOUNT_RENT_LAMPORTS).toString(),
    },
    lastScannedAt: row.last_scanned_at,
  };
}
