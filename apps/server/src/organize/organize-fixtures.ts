import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { count } from 'drizzle-orm';
import { newTestKeypair } from '../testing/keypairs';

/** What a test wallet looks like; everything but the tenant has a plain default. */
export interface WalletFixture {
  readonly address?: string;
  readonly name?: string | null;
  readonly lamports?: bigint | null;
  readonly isTrader?: boolean;
  readonly archived?: boolean;
  readonly seedGroupId?: string | null;
  /** Token accounts by mint and raw amount. */
  readonly tokens?: readonly { readonly mint: string; readonly amount: bigint }[];
}

/**
 * Wallet rows written straight into the tenant's tables, for tests about organising wallets rather
 * than importing them. The "key" is placeholder ciphertext: these tests never decrypt it.
 */
export async function insertWallets(
  db: FleetDatabase,
  tenantId: string,
  fixtures: readonly WalletFixture[],
): Promise<{ id: string; address: string }[]> {
  return withTenant(db, tenantId, async (tx) => {
    const created: { id: string; address: string }[] = [];
    for (const fixture of fixtures) {
      const [row] = await tx
        .insert(schema.wallets)
        .values({
          tenantId,
          publicAddress: fixture.address ?? newTestKeypair().address,
          encryptedKey: new Uint8Array([1, 2, 3]),
          keyAlgorithm: 'test',
          dataKeyVersion: 1,
          name: fixture.name ?? null,
          lamports: fixture.lamports ?? null,
          isTrader: fixture.isTrader ?? false,
          sourceKind: fixture.seedGroupId ? 'seed' : 'import',
          seedGroupId: fixture.seedGroupId ?? null,
          archivedAt: fixture.archived ? new Date() : null,
        })
        .returning({ id: schema.wallets.id, address: schema.wallets.publicAddress });
      if (!row) throw new Error('wallet fixture not inserted');
      for (const [index, token] of (fixture.tokens ?? []).entries()) {
        await tx.insert(schema.walletTokenAccounts).values({
          tenantId,
          tokenAccount: `${row.address.slice(0, 30)}acct${index}`,
          walletId: row.id,
          mint: token.mint,
          program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
          amount: token.amount.toString(),
          decimals: 6,
        });
      }
      created.push(row);
    }
    return created;
  });
}

/** A seed group row for the tenant, as the seed import would make it. */
export async function insertSeedGroup(
  db: FleetDatabase,
  tenantId: string,
  label: string | null,
): Promise<string> {
  return withTenant(db, tenantId, async (tx) => {
    const [row] = await tx
      .insert(schema.seedGroups)
      .values({
        tenantId,
        label,
        seedFingerprint: `fp-${Math.random().toString(36).slice(2)}`,
        derivationScheme: 'bip44-change',
      })
      .returning({ id: schema.seedGroups.id });
    if (!row) throw new Error('seed group fixture not inserted');
    return row.id;
  });
}

/** How many rows a tenant has in each organising table: to prove a refused call changed nothing. */
export async function organizeRowCounts(db: FleetDatabase, tenantId: string) {
  return withTenant(db, tenantId, async (tx) => {
    const countOf = async (
      table:
        | typeof schema.tags
        | typeof schema.walletTags
        | typeof schema.walletGroups
        | typeof schema.walletGroupMembers,
    ) => (await tx.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      tags: await countOf(schema.tags),
      walletTags: await countOf(schema.walletTags),
      groups: await countOf(schema.walletGroups),
      members: await countOf(schema.walletGroupMembers),
    };
  });
}
