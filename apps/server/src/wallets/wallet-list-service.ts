import { FleetError, walletSchema, type Wallet, type WalletSummary } from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import {
  TOKEN_ACCOUNT_RENT_LAMPORTS,
  walletListBodySql,
  walletSummarySql,
  type SummaryRow,
  type WalletFilter,
} from './wallet-list-sql';
import type { WalletActor } from './wallet-actor';

export const WALLET_NOT_FOUND = 'Wallet not found';

export interface ListWalletsInput extends WalletFilter {
  readonly mode: 'slim' | 'full';
  readonly summary: boolean;
}

/** `GET /api/wallets` and `GET /api/wallet/{address}`: reads only, from the last scan's figures. */
export function createWalletListService(context: { readonly db: FleetDatabase }) {
  async function rowsJson(tx: TenantDatabase, tenantId: string, input: ListWalletsInput) {
    if (input.address === undefined) await planForWholeLists(tx);
    const result = await tx.execute<{ body: string }>(
      walletListBodySql(tenantId, input, input.mode),
    );
    return result.rows[0]?.body ?? '';
  }

  async function summary(
    tx: TenantDatabase,
    tenantId: string,
    filter: WalletFilter,
  ): Promise<WalletSummary> {
    if (filter.address === undefined) await planForWholeLists(tx);
    const result = await tx.execute<SummaryRow>(walletSummarySql(tenantId, filter));
    const row = result.rows[0];
    if (!row) throw new FleetError('INTERNAL', 'The wallet summary could not be computed');
    return toSummary(row);
  }

  return {
    /**
     * The reply body as JSON text the database wrote (see `walletListBodySql`): the hot path of
     * the wallets page builds no objects and validates nothing on the way out. The API tests
     * parse it with the response schemas instead.
     */
    async listJson(actor: WalletActor, input: ListWalletsInput): Promise<string> {
      return withTenant(context.db, actor.tenantId, async (tx) => {
        const rows = await rowsJson(tx, actor.tenantId, input);
        const summaryText = input.summary
          ? `,"summary":${JSON.stringify(await summary(tx, actor.tenantId, input))}`
          : '';
        return `{"wallets":[${rows}]${summaryText}}`;
      });
    },

    async get(actor: WalletActor, address: string): Promise<Wallet> {
      const body = await withTenant(context.db, actor.tenantId, (tx) =>
        rowsJson(tx, actor.tenantId, { address, mode: 'full', summary: false }),
      );
      if (body === '') throw new FleetError('NOT_FOUND', WALLET_NOT_FOUND);
      return walletSchema.parse(JSON.parse(body));
    },
  };
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
