import { schema, type TenantDatabase } from '@fleet/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ScannedTokenAccount } from '../wallets/repository';
import { chunksOf } from '../wallets/repository/wallet-ids';
import { batchDiffs, type SyncBatch } from './sync-reports';

/** Rows per statement: well under the bind parameter limit (7 a row). */
const CHUNK = 500;

/**
 * Keeps what the deep scan read of the batch's answered wallets, for the update to apply. A batch
 * read again after a restart replaces its rows: the newest read of a wallet is the one applied.
 */
export async function storeDeepScanReads(
  tx: TenantDatabase,
  context: { readonly tenantId: string; readonly jobId: string; readonly scannedAt: Date },
  batch: SyncBatch,
): Promise<void> {
  const rows = batchDiffs(batch).map(({ wallet, result }) => ({
    jobId: context.jobId,
    tenantId: context.tenantId,
    walletId: wallet.id,
    lamports: result.value.lamports,
    scannedSlot: result.value.slot,
    scannedAt: context.scannedAt,
    tokens: result.value.tokens.map((token): schema.DeepScanToken => ({
      account: token.account,
      mint: token.mint,
      program: token.program,
      amount: token.amount.toString(),
      decimals: token.decimals,
      lamports: token.lamports.toString(),
      frozen: token.frozen,
      withheldAmount: token.withheldAmount.toString(),
    })),
  }));
  const { deepScanReads } = schema;
  for (const chunk of chunksOf(rows, CHUNK)) {
    await tx
      .insert(deepScanReads)
      .values(chunk)
      .onConflictDoUpdate({
        target: [deepScanReads.jobId, deepScanReads.walletId],
        set: {
          lamports: sql`excluded.lamports`,
          tokens: sql`excluded.tokens`,
          scannedSlot: sql`excluded.scanned_slot`,
          scannedAt: sql`excluded.scanned_at`,
        },
      });
  }
}

/** A wallet as the deep scan read it, in the balance writer's terms. */
export interface DeepScanRead {
  readonly walletId: string;
  readonly lamports: bigint;
  readonly tokens: ScannedTokenAccount[];
  readonly scannedSlot: bigint;
  readonly scannedAt: Date;
}

/** What the scan `jobId` read of the given wallets (those it read; others are absent). */
export async function readDeepScanReads(
  tx: TenantDatabase,
  jobId: string,
  walletIds: readonly string[],
): Promise<DeepScanRead[]> {
  const { deepScanReads } = schema;
  const reads: DeepScanRead[] = [];
  for (const chunk of chunksOf(walletIds, CHUNK)) {
    const rows = await tx
      .select()
      .from(deepScanReads)
      .where(and(eq(deepScanReads.jobId, jobId), inArray(deepScanReads.walletId, chunk)));
    for (const row of rows) {
      reads.push({
        walletId: row.walletId,
        lamports: row.lamports,
        scannedSlot: row.scannedSlot,
        scannedAt: row.scannedAt,
        tokens: row.tokens.map((token) => ({
          account: token.account,
          mint: token.mint,
          program: token.program,
          amount: BigInt(token.amount),
          decimals: token.decimals,
          lamports: BigInt(token.lamports),
          frozen: token.frozen,
          withheldAmount: BigInt(token.withheldAmount),
        })),
      });
    }
  }
  return reads;
}
