import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';
import { wallets } from './wallets';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The compressed NFTs each wallet owns, as the GetAssets scan last read them from the digital-asset
 * API (issue 20). A compressed NFT is a leaf in a Merkle tree and owns no token account, so no
 * other scan finds it; the Tokens Overview shows these as its cNFTs. One row per asset: an asset
 * has one owner, and a scan that sees it move replaces the row.
 */
export const walletCompressedAssets = pgTable(
  'wallet_compressed_assets',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    assetId: text('asset_id').notNull(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    tree: text('tree'),
    collection: text('collection'),
    name: text('name'),
    symbol: text('symbol'),
    image: text('image'),
    scannedAt: at('scanned_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.assetId] }),
    index('wallet_compressed_assets_wallet_idx').on(table.tenantId, table.walletId),
  ],
);
