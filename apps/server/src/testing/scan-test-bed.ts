import { schema } from '@fleet/db';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Operator, TestApp } from './test-app';

/** The scan tests' shared reads and calls, over one test app. */
export function scanTestBed(harness: () => TestApp) {
  const call = (who: Operator, method: 'GET' | 'POST', url: string, payload?: object) =>
    harness().app.inject({
      method,
      url,
      cookies: { fleet_session: who.cookie },
      ...(payload === undefined ? {} : { payload }),
    });

  return {
    call,

    /** Creates `count` wallets for the operator; answers them in order. */
    async createWallets(who: Operator, count: number) {
      const created = await call(who, 'POST', '/api/create-wallet', { count });
      expect(created.statusCode, created.body).toBe(200);
      return created.json<{ wallets: { id: string; address: string }[] }>().wallets;
    },

    /** Each wallet's last scan time (ms; null before its first). */
    async scanTimes(walletIds: readonly string[]) {
      const rows = await harness()
        .database.db.select({ id: schema.wallets.id, at: schema.wallets.lastScannedAt })
        .from(schema.wallets)
        .where(inArray(schema.wallets.id, [...walletIds]));
      return new Map(rows.map((row) => [row.id, row.at?.getTime() ?? null]));
    },

    /** The tenant's stored token accounts' amounts, by account. */
    async storedAmounts(tenantId: string) {
      const rows = await harness()
        .database.db.select({
          account: schema.walletTokenAccounts.tokenAccount,
          amount: schema.walletTokenAccounts.amount,
        })
        .from(schema.walletTokenAccounts)
        .where(eq(schema.walletTokenAccounts.tenantId, tenantId));
      return new Map(rows.map((row) => [row.account, row.amount]));
    },

    /** A job's wallets in the order it scans them. */
    async jobWalletOrder(jobId: string): Promise<string[]> {
      const [row] = await harness()
        .database.db.select({ params: schema.jobs.params })
        .from(schema.jobs)
        .where(eq(schema.jobs.id, jobId));
      return (row?.params as { walletIds: string[] }).walletIds;
    },

    async storedLamports(walletId: string): Promise<bigint | null> {
      const [row] = await harness()
        .database.db.select({ lamports: schema.wallets.lamports })
        .from(schema.wallets)
        .where(eq(schema.wallets.id, walletId));
      return row?.lamports ?? null;
    },
  };
}
