import {
  aggregateTokens,
  countTokenFilters,
  lamportsAsSolNumber,
  selectTokens,
  type AggregatedTokensQuery,
  type AggregatedTokensResponse,
  type HeldMint,
  type TokenHolder,
  type TokenHoldersResponse,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import { readValuationVersion } from '../valuation/valuation-repository';
import type { MarketFiguresSource } from './market-figures';
import { readHeldMints, readTokenHolders, type HolderRow } from './tokens-overview-repository';

/** Tenants whose held mints one process keeps (a few hundred rows each). */
const CACHED_TENANTS = 64;

/**
 * The Tokens Overview (spec 2 §2.5, issue 20): `GET /api/tokens/aggregated` and
 * `GET /api/token/{mint}/holders`. The held mints are summed in SQL and kept per tenant while its
 * wallet-list version stands still (the version moves with every write to its wallets and token
 * accounts, migration 0009), so a refetch that finds nothing changed costs one small read; the
 * market figures are read after the tenant's transaction ends (never held across the network).
 */
export function createTokensOverviewService(context: {
  readonly db: FleetDatabase;
  readonly figures: MarketFiguresSource;
  readonly now: () => number;
}) {
  const held = new Map<string, { readonly version: string; readonly mints: HeldMint[] }>();

  // One transaction: the version and, when it moved, the sums it stands for.
  async function heldMints(tenantId: string): Promise<HeldMint[]> {
    const read = await withTenant(context.db, tenantId, async (tx) => {
      const { version } = await readValuationVersion(tx, tenantId);
      const kept = held.get(tenantId);
      if (kept !== undefined && kept.version === version) return kept;
      return { version, mints: await readHeldMints(tx, tenantId) };
    });
    held.delete(tenantId);
    held.set(tenantId, read);
    if (held.size > CACHED_TENANTS) {
      const oldest = held.keys().next();
      if (oldest.done !== true) held.delete(oldest.value);
    }
    return read.mints;
  }

  return {
    async aggregated(
      actor: Actor,
      query: AggregatedTokensQuery,
    ): Promise<AggregatedTokensResponse> {
      // 1. What the fleet holds, per mint.
      const mints = await heldMints(actor.tenantId);
      // 2. The market's figures: prices for mints with a balance, pair figures for all.
      const figures = await context.figures.figures(
        mints.map((row) => row.mint),
        mints.filter((row) => row.balance !== '0').map((row) => row.mint),
      );
      // 3. The rows, the filter counts, then the filter and the sort asked for.
      const tokens = aggregateTokens(mints, figures);
      return {
        tokens: selectTokens(tokens, query),
        counts: countTokenFilters(tokens),
        computedAt: new Date(context.now()).toISOString(),
      };
    },

    async holders(actor: Actor, mint: string): Promise<TokenHoldersResponse> {
      const rows = await withTenant(context.db, actor.tenantId, (tx) =>
        readTokenHolders(tx, actor.tenantId, mint),
      );
      return { mint, holders: rows.map(holderView) };
    },
  };
}

export type TokensOverviewService = ReturnType<typeof createTokensOverviewService>;

function holderView(row: HolderRow): TokenHolder {
  const source: TokenHolder['groups'] =
    row.seedGroupId !== null
      ? [
          {
            id: row.seedGroupId,
            type: 'seed',
            label: row.seedLabel,
            name: row.seedLabel === null || row.seedLabel === '' ? 'Seed' : row.seedLabel,
          },
        ]
      : row.importBatchId !== null
        ? [{ id: row.importBatchId, type: 'import', label: 'PK', name: 'Imported' }]
        : [];
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    amount_str: row.amount,
    decimals: row.decimals,
    sol_balance: row.lamports === null ? null : lamportsAsSolNumber(BigInt(row.lamports)),
    lamports: row.lamports,
    is_master_wallet: row.isMaster,
    is_trader: row.isTrader,
    // Every fleet wallet's key is in the vault (the column is not null); a middleman's too.
    has_private_key: true,
    token_accounts: row.accounts,
    groups: [
      ...source,
      ...row.customGroups.map((group) => ({
        id: group.id,
        type: 'custom' as const,
        label: null,
        name: group.name,
      })),
    ],
    tags: row.tags.map((tag) => ({ name: tag.name, slug: tag.slug })),
  };
}
