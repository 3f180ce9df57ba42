import { plannedTransaction, type Lamports } from '@fleet/core';
import { databaseRole, schema, withTenant } from '@fleet/db';
import { testLoginVariants } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  consumePlan,
  createOperation,
  recordTransaction,
  savePlan,
} from './ledger/ledger-repository';
import { newTestKeypair } from './testing/keypairs';
import {
  createOperator,
  createTestApp,
  expectOk,
  type Operator,
  type TestApp,
} from './testing/test-app';

/**
 * Tables that carry a tenant id but are read before a tenant is known (sign-in finds the user by
 * e-mail, a session by its token hash, the audit log records refused sign-ins), so the
 * repositories alone scope them. Every other table with a tenant id must be under row-level
 * security.
 */
const IDENTITY_TABLES = ['audit_log', 'license_keys', 'sessions', 'users'];

/** Filled by the fixture below for both tenants: an empty count must mean "hidden". */
const POPULATED_TABLES = [
  'import_batches',
  'job_log_lines',
  'jobs',
  'last_scans',
  'ledger_transaction_items',
  'ledger_transactions',
  'master_wallet_history',
  'master_wallets',
  'operation_items',
  'operation_plans',
  'operations',
  'recent_scans',
  'scan_log_lines',
  'seed_groups',
  'tags',
  'tenant_data_keys',
  'wallet_group_members',
  'wallet_groups',
  'wallet_list_versions',
  'wallet_tags',
  'wallet_token_accounts',
  'wallets',
];

/**
 * The second wall must hold for the role the server signs in as, not only inside `withTenant`:
 * any query that forgets the tenant (a bug, or a future feature written in a hurry) has to see
 * nothing. Superuser logins bypass row-level security by definition, so only the production
 * logins are checked here; the start refuses a superuser in production.
 */
describe.each(testLoginVariants.filter((variant) => variant.login !== 'superuser'))(
  'the base connection on $kind as $login',
  ({ kind, login }) => {
    let harness: TestApp;
    let app: FastifyInstance;
    let operators: Operator[];

    beforeAll(async () => {
      harness = await createTestApp(kind, { login });
      app = harness.app;
      operators = [
        await createOperator(app, 'first@login-role.example'),
        await createOperator(app, 'second@login-role.example'),
      ];
      for (const operator of operators) await populate(operator);
    });
    afterAll(async () => {
      await harness.close();
    });

    function as(operator: Operator, method: 'PATCH' | 'POST', url: string, payload: object) {
      return app.inject({
        method,
        url,
        cookies: { fleet_session: operator.cookie },
        payload,
      });
    }

    async function populate(operator: Operator): Promise<void> {
      const master = newTestKeypair();
      expectOk(
        await as(operator, 'PATCH', '/api/master-wallet', { private_key: master.privateKey }),
      );
      const holder = newTestKeypair();
      // A scan preview keeps what it read and writes the Scan Details lines and summary.
      expectOk(
        await as(operator, 'POST', '/api/scan-assets/preview', {
          publicAddresses: [holder.address],
        }),
      );
      expectOk(await as(operator, 'POST', '/api/wallet', { privateKeys: [holder.privateKey] }));
      const seed = newTestKeypair();
      const seedGroup = expectOk(
        await as(operator, 'POST', '/api/seed-groups', {
          seedFingerprint: operator.tenantId.replaceAll('-', '').padEnd(64, 'a'),
          derivationScheme: 'bip44-change',
          label: 'Seed',
        }),
      ).json<{ id: string }>();
      expectOk(
        await as(operator, 'POST', '/api/seed-import', {
          groupId: seedGroup.id,
          addresses: [seed.address],
          derivationPaths: ["m/44'/501'/0'/0'"],
          privateKeys: [seed.privateKey],
        }),
      );
      const wallets = await app.inject({
        method: 'GET',
        url: '/api/groups/all/wallets',
        cookies: { fleet_session: operator.cookie },
      });
      const walletIds = expectOk(wallets)
        .json<{ wallets: { id: string }[] }>()
        .wallets.map((wallet) => wallet.id);
      const tag = expectOk(await as(operator, 'POST', '/api/tags', { name: 'Held' })).json<{
        tag: { id: string };
      }>().tag;
      expectOk(await as(operator, 'POST', '/api/tags/assign', { walletIds, tagIds: [tag.id] }));
      expectOk(await as(operator, 'POST', '/api/groups', { group_name: 'Desk', walletIds }));
      // No endpoint writes token accounts yet (scans will): one row as a scan would write it.
      await withTenant(harness.database.db, operator.tenantId, (tx) =>
        tx.insert(schema.walletTokenAccounts).values({
          tenantId: operator.tenantId,
          tokenAccount: newTestKeypair().address,
          walletId: walletIds[0] ?? '',
          mint: newTestKeypair().address,
          program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
          amount: '5',
          decimals: 6,
        }),
      );
      // No endpoint starts a job yet (features will): one job with a log line, as a worker writes.
      await withTenant(harness.database.db, operator.tenantId, async (tx) => {
        const [job] = await tx
          .insert(schema.jobs)
          .values({
            tenantId: operator.tenantId,
            kind: 'test.count',
            status: 'queued',
            params: { to: 1 },
            totalItems: 1,
            createdAt: new Date(),
            updatedAt: new Date(),
          })
          .returning({ id: schema.jobs.id });
        await tx.insert(schema.jobLogLines).values({
          tenantId: operator.tenantId,
          jobId: job?.id ?? '',
          at: new Date(),
          level: 'info',
          message: 'queued',
        });
      });
      // No endpoint starts an operation yet (sending will): one as the ledger stores it.
      await withTenant(harness.database.db, operator.tenantId, async (tx) => {
        const planId = await savePlan(tx, operator.tenantId, {
          kind: 'sol.distribute',
          plan: { tenant: operator.tenantId },
          createdBy: null,
          now: new Date(),
        });
        await consumePlan(tx, planId, new Date());
        const operation = await createOperation(tx, {
          tenantId: operator.tenantId,
          kind: 'sol.distribute',
          createdBy: null,
          planId,
          parameters: {},
          items: [
            {
              leg: 'direct',
              walletId: walletIds[0] ?? null,
              from: master.address,
              to: holder.address,
              lamports: 1_000_000n as Lamports,
            },
          ],
          now: new Date(),
        });
        await recordTransaction(tx, {
          tenantId: operator.tenantId,
          next: plannedTransaction(
            randomUUID(),
            operation.id,
            operation.items.map((item) => item.id),
          ),
          expected: null,
          now: new Date(),
        });
      });
    }

    async function tablesWith(condition: ReturnType<typeof sql>): Promise<string[]> {
      const result = await harness.database.db.execute<{ name: string }>(sql`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and ${condition} order by 1`);
      return result.rows.map((row) => row.name);
    }

    it('is an ordinary role that does not inherit the search reader', async () => {
      const role = await databaseRole(harness.database.db);
      expect(role).toMatchObject({ superuser: false, bypassRls: false, searchReader: false });
    });

    it('puts every table with a tenant id, but the identity tables, under forced row-level security', async () => {
      const withTenantId = await tablesWith(
        sql`exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`,
      );
      const secured = await tablesWith(sql`c.relrowsecurity and c.relforcerowsecurity`);
      expect(withTenantId.filter((table) => !IDENTITY_TABLES.includes(table))).toEqual(secured);
      expect(secured).toEqual(expect.arrayContaining(POPULATED_TABLES));
    });

    it('sees 0 rows of any tenant in every tenant table outside withTenant', async () => {
      const secured = await tablesWith(sql`c.relrowsecurity`);
      expect(secured.length).toBeGreaterThanOrEqual(POPULATED_TABLES.length);
      const visible: Record<string, number> = {};
      for (const table of secured) {
        const result = await harness.database.db.execute<{ count: number }>(
          sql.raw(`select count(*)::int as count from "${table}"`),
        );
        visible[table] = result.rows[0]?.count ?? -1;
      }
      expect(visible).toEqual(Object.fromEntries(secured.map((table) => [table, 0])));
    });

    it('sees each tenant its own rows inside withTenant, so the zeros above mean hidden', async () => {
      for (const operator of operators) {
        const counts = await withTenant(harness.database.db, operator.tenantId, async (tx) => {
          const found: Record<string, number> = {};
          for (const table of POPULATED_TABLES) {
            const result = await tx.execute<{ count: number; foreign: number }>(
              sql.raw(
                `select count(*)::int as count, count(*) filter (where tenant_id <> '${operator.tenantId}')::int as foreign from "${table}"`,
              ),
            );
            found[table] = result.rows[0]?.count ?? 0;
            expect(result.rows[0]?.foreign, table).toBe(0);
          }
          return found;
        });
        for (const table of POPULATED_TABLES) expect(counts[table], table).toBeGreaterThan(0);
      }
    });

    it('finds wallets through the search function only for the bound tenant', async () => {
      const [first] = operators;
      const outside = await harness.database.db.execute<{ id: string }>(
        sql`select id from fleet_search_wallets('%', '%', 100)`,
      );
      expect(outside.rows).toEqual([]);
      const inside = await withTenant(harness.database.db, first?.tenantId, (tx) =>
        tx.execute<{ id: string }>(sql`select id from fleet_search_wallets('%', '%', 100)`),
      );
      expect(inside.rows.length).toBe(2);
    });
  },
);
