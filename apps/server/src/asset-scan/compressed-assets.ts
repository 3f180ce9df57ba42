import type { DigitalAsset } from '@fleet/chain';
import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/** One wallet's compressed NFTs as a scan read them. */
export interface WalletCompressedRead {
  readonly walletId: string;
  readonly assets: readonly DigitalAsset[];
  /**
   * True when every page was read: assets stored for the wallet and not seen now have left it.
   * A wallet read in part only gains rows.
   */
  readonly complete: boolean;
}

const ROWS_PER_STATEMENT = 1_000;

/**
 * Stores what a batch of wallets' reads said, inside the caller's transaction (one per batch:
 * a wallet is written whole or not at all). An asset seen in another fleet wallet moves there.
 */
export async function writeCompressedAssets(
  tx: TenantDatabase,
  tenantId: string,
  reads: readonly WalletCompressedRead[],
  scannedAt: Date,
): Promise<void> {
  const at = scannedAt.toISOString();
  for (const read of reads) {
    if (!read.complete) continue;
    const kept = read.assets.map((asset) => asset.id);
    await tx.execute(sql`
      delete from wallet_compressed_assets
      where tenant_id = ${tenantId}::uuid and wallet_id = ${read.walletId}::uuid
        and asset_id not in (select unnest(string_to_array(${kept.join(',')}, ',')))`);
  }
  const rows = reads.flatMap((read) =>
    read.assets.map((asset) => ({ walletId: read.walletId, asset })),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = sql.join(
      rows.slice(start, start + ROWS_PER_STATEMENT).map(
        ({ walletId, asset }) =>
          sql`(${tenantId}::uuid, ${asset.id}, ${walletId}::uuid, ${asset.tree}, ${asset.collection},
              ${asset.name}, ${asset.symbol}, ${asset.image}, ${at}::timestamptz)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into wallet_compressed_assets
        (tenant_id, asset_id, wallet_id, tree, collection, name, symbol, image, scanned_at)
      values ${values}
      on conflict (tenant_id, asset_id) do update set wallet_id = excluded.wallet_id,
        tree = excluded.tree, collection = excluded.collection, name = excluded.name,
        symbol = excluded.symbol, image = excluded.image, scanned_at = excluded.scanned_at`);
  }
}
