import { schema, withTenant, type TenantDatabase } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import type { DatabaseKind } from '@fleet/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWallets } from '../organize/organize-fixtures';
import { newTestKeypair } from '../testing/keypairs';
import { deleteWallets } from '../wallets/repository/wallet-writes';
import { foldMintHoldings, readMintHoldings } from './mint-holdings';

const MINTS = [newTestKeypair().address, newTestKeypair().address, newTestKeypair().address];
const U64_MAX = 18_446_744_073_709_551_615n;

/** The sums by their plain definition, over the token accounts as they are (the reference). */
async function recomputed(tx: TenantDatabase, tenantId: string) {
  const result = await tx.execute<{
    mint: string;
    accounts: number;
    funded: number;
    holders: number;
    amount: string;
  }>(sql`
    select t.mint, count(*)::int as accounts,
      (count(*) filter (where t.amount > 0))::int as funded,
      (count(distinct t.wallet_id) filter (where t.amount > 0))::int as holders,
      coalesce(sum(t.amount) filter (where t.amount > 0), 0)::text as amount
    from wallet_token_accounts t join wallets w on w.id = t.wallet_id and w.archived_at is null
    where t.tenant_id = ${tenantId}::uuid
    group by t.mint order by t.mint`);
  return result.rows;
}

async function kept(tx: TenantDatabase, tenantId: string) {
  const read = await readMintHoldings(tx, tenantId);
  return read.mints
    .map(({ mint, accounts, funded, holders, amount }) => ({
      mint,
      accounts,
      funded,
      holders,
      amount,
    }))
    .sort((a, b) => (a.mint < b.mint ? -1 : 1));
}

/**
 * A fresh database with `count` tenants for the describe block it is called in, the first of
 * them the one `inTenant` and `expectKeptSums` act as.
 */
function databaseWithTenants(kind: DatabaseKind, count: number) {
  let database: TestDatabase | undefined;
  let tenants: string[] = [];
  beforeAll(async () => {
    const opened = await createTestDatabase(kind);
    database = opened;
    const rows = await opened.db
      .insert(schema.tenants)
      .values(Array.from({ length: count }, () => ({})))
      .returning({ id: schema.tenants.id });
    tenants = rows.map((row) => row.id);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  const db = () => {
    if (database === undefined) throw new Error('the test database is not open yet');
    return database.db;
  };
  const tenant = (index: number) => tenants[index] ?? '';
  const inTenant = <T>(work: (tx: TenantDatabase) => Promise<T>) =>
    withTenant(db(), tenant(0), work);
  const expectKeptSums = async (step: string) => {
    const [want, got] = await inTenant(async (tx) => [
      await recomputed(tx, tenant(0)),
      await kept(tx, tenant(0)),
    ]);
    expect(got, step).toEqual(want);
  };
  return { db, tenant, inTenant, expectKeptSums };
}

/** A small deterministic generator, so a failure replays the same operations. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

// Decision 034: the Tokens Overview's sums are kept by triggers, whoever writes the accounts.
// Every change a writer of Fleet makes (scans writing balances, closes deleting accounts, archive,
// restore, delete, an account moving wallet) is made here at random, and after each the kept sums
// must equal the sums counted afresh.
describe.each(testDatabaseKinds)('mint holdings kept by triggers on %s', (kind) => {
  const { db, tenant, inTenant, expectKeptSums } = databaseWithTenants(kind, 2);

  it('match the sums counted afresh after every kind of write, folded or not', async () => {
    const wallets = await insertWallets(
      db(),
      tenant(0),
      Array.from({ length: 12 }, (_, w) => ({
        tokens: [
          { mint: MINTS[w % 3] ?? '', amount: BigInt(w * 1000) },
          { mint: MINTS[(w + 1) % 3] ?? '', amount: w % 4 === 0 ? 0n : 7n },
        ],
      })),
    );
    await insertWallets(db(), tenant(1), [{ tokens: [{ mint: MINTS[0] ?? '', amount: 5n }] }]);
    await expectKeptSums('seeded');
    const random = generator(20_261_203);
    const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
    const walletIds = wallets.map((wallet) => wallet.id);
    let accountCount = 0;
    const accounts = async () =>
      inTenant(async (tx) => {
        const result = await tx.execute<{ token_account: string }>(
          sql`select token_account from wallet_token_accounts order by token_account`,
        );
        return result.rows.map((row) => row.token_account);
      });

    for (let step = 0; step < 80; step++) {
      const operation = random(9);
      const live = await accounts();
      const account = live.length > 0 ? pick(live) : null;
      const wallet = pick(walletIds);
      let label = '';
      await inTenant(async (tx) => {
        switch (operation) {
          case 0: {
            // A scan finds a new balance (zero, ordinary, or u64's largest).
            const amount = pick([0n, 1n, 5_000n, U64_MAX]);
            label = `account ${account} set to ${amount}`;
            if (account !== null)
              await tx.execute(sql`update wallet_token_accounts set amount = ${amount.toString()}
                where token_account = ${account}`);
            break;
          }
          case 1: {
            // A second account of a mint the wallet may already hold (holders count it once).
            accountCount += 1;
            label = `account added to ${wallet}`;
            await tx.insert(schema.walletTokenAccounts).values({
              tenantId: tenant(0),
              tokenAccount: `extra-${accountCount}`,
              walletId: wallet,
              mint: pick(MINTS),
              program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
              amount: pick(['0', '3', '900']),
              decimals: 6,
            });
            break;
          }
          case 2:
            // A close deletes the account.
            label = `account ${account} closed`;
            if (account !== null)
              await tx.execute(
                sql`delete from wallet_token_accounts where token_account = ${account}`,
              );
            break;
          case 3:
            label = `account ${account} moved to ${wallet}`;
            if (account !== null)
              await tx.execute(sql`update wallet_token_accounts set wallet_id = ${wallet}::uuid
                where token_account = ${account}`);
            break;
          case 4:
            label = `${wallet} archived`;
            await tx.execute(
              sql`update wallets set archived_at = now() where id = ${wallet}::uuid`,
            );
            break;
          case 5:
            label = `${wallet} restored`;
            await tx.execute(sql`update wallets set archived_at = null where id = ${wallet}::uuid`);
            break;
          case 6:
            // A rescan that rewrites every row as it was, and one that renames every wallet.
            label = 'everything rewritten unchanged';
            await tx.execute(sql`update wallet_token_accounts set updated_at = now()`);
            await tx.execute(sql`update wallets set lamports = coalesce(lamports, 0) + 1`);
            break;
          case 7: {
            // Several statements in one transaction: a batch of a scan.
            label = `${wallet}'s accounts emptied then one refilled`;
            await tx.execute(
              sql`update wallet_token_accounts set amount = 0 where wallet_id = ${wallet}::uuid`,
            );
            await tx.execute(sql`update wallet_token_accounts set amount = 42
              where token_account = (select min(token_account) from wallet_token_accounts
                where wallet_id = ${wallet}::uuid)`);
            break;
          }
          default:
            label = 'folded';
            await foldMintHoldings(tx, tenant(0));
        }
      });
      await expectKeptSums(`step ${step}: ${label}`);
    }

    // Deleting wallets (their accounts first, as `deleteWallets` does), then a fold to nothing.
    await inTenant((tx) => deleteWallets(tx, walletIds));
    await expectKeptSums('every wallet deleted');
    await inTenant((tx) => foldMintHoldings(tx, tenant(0)));
    const read = await inTenant((tx) => readMintHoldings(tx, tenant(0)));
    expect(read).toMatchObject({ mints: [], parts: 0 });
  });

  it('appends nothing for a rescan that found every balance as it was', async () => {
    await insertWallets(db(), tenant(0), [{ tokens: [{ mint: MINTS[1] ?? '', amount: 10n }] }]);
    const before = await inTenant((tx) => readMintHoldings(tx, tenant(0)));
    await inTenant((tx) =>
      tx.execute(sql`update wallet_token_accounts set amount = amount, updated_at = now()`),
    );
    const after = await inTenant((tx) => readMintHoldings(tx, tenant(0)));
    expect(after.parts).toBe(before.parts);
    expect(after.version).not.toBe(before.version);
  });

  it("keeps each tenant's sums apart", async () => {
    const theirs = await withTenant(db(), tenant(1), (tx) => readMintHoldings(tx, tenant(1)));
    expect(theirs.mints).toEqual([
      expect.objectContaining({ mint: MINTS[0], accounts: 1, funded: 1, holders: 1, amount: '5' }),
    ]);
  });
});

// Two connections at once: only a Postgres server has them.
describe.each(testDatabaseKinds.filter((kind) => kind === 'postgres'))(
  'mint holdings under concurrent writers on %s',
  (kind) => {
    const { db, tenant, inTenant, expectKeptSums } = databaseWithTenants(kind, 1);

    it('counts a wallet once when two transactions fund two of its accounts of one mint at once', async () => {
      const [wallet] = await insertWallets(db(), tenant(0), [
        {
          tokens: [
            { mint: MINTS[2] ?? '', amount: 0n },
            { mint: MINTS[2] ?? '', amount: 0n },
          ],
        },
      ]);
      const [first, second] = await inTenant(async (tx) => {
        const result = await tx.execute<{ token_account: string }>(sql`
          select token_account from wallet_token_accounts where wallet_id = ${wallet?.id ?? ''}::uuid
          order by token_account`);
        return result.rows.map((row) => row.token_account);
      });
      let releaseFirst = () => {};
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstWrote = () => {};
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      const one = inTenant(async (tx) => {
        await tx.execute(
          sql`update wallet_token_accounts set amount = 5 where token_account = ${first ?? ''}`,
        );
        firstWrote();
        await firstHolds;
      });
      await firstHasWritten;
      // The second writer waits on the first's mark of the wallet, then sees its commit.
      const two = inTenant((tx) =>
        tx.execute(
          sql`update wallet_token_accounts set amount = 7 where token_account = ${second ?? ''}`,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      releaseFirst();
      await Promise.all([one, two]);
      await expectKeptSums('two writers of one wallet');
    });
  },
);
