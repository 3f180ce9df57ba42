import { createEndpointPool, createWalletScanner } from '@fleet/chain';
import { createManualClock, scanDetailsSchema, type ManualClock } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import {
  BACKGROUND_REFRESH_MS,
  createBackgroundRefresh,
  DISABLED_BY_SETTING,
  PAUSED_NO_SESSION,
  type RoundOutcome,
} from './background-refresh';

describe.each(testDatabaseKinds)('the background balance refresh on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let idle: Operator;
  let clock: ManualClock;
  const wallets = [newTestKeypair(), newTestKeypair()];

  const refresher = (intervalMs = BACKGROUND_REFRESH_MS) =>
    createBackgroundRefresh({
      db: harness.database.db,
      // A scanner of its own, as a second server process would have.
      scanner: createWalletScanner({
        pool: createEndpointPool({ endpoints: [harness.localnet.url] }),
      }),
      clock,
      intervalMs,
    });
  const lamportsOf = (address: string) =>
    withTenant(harness.database.db, operator.tenantId, async (tx) => {
      const [row] = await tx
        .select({ lamports: schema.wallets.lamports, slot: schema.wallets.scannedSlot })
        .from(schema.wallets)
        .where(eq(schema.wallets.publicAddress, address));
      return row?.lamports ?? null;
    });

  beforeAll(async () => {
    harness = await createTestApp(kind);
    // The sessions are stamped with the real time; the refresh's clock starts there.
    clock = createManualClock(Date.now());
    operator = await createOperator(harness.app, 'background@example.com');
    idle = await createOperator(harness.app, 'idle-background@example.com');
    for (const [as, keys] of [
      [operator, wallets],
      [idle, [newTestKeypair()]],
    ] as const) {
      const imported = await harness.app.inject({
        method: 'POST',
        url: '/api/wallet',
        cookies: { fleet_session: as.cookie },
        payload: { privateKeys: keys.map((key) => key.privateKey) },
      });
      expect(imported.statusCode, imported.body).toBe(200);
    }
    // The idle tenant's only session was last used two hours ago.
    await harness.database.db
      .update(schema.sessions)
      .set({ lastSeenAt: new Date(clock.now() - 2 * 3_600_000) })
      .where(eq(schema.sessions.tenantId, idle.tenantId));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('re-reads the wallets of tenants in use once a round, at (1 + T) / 100 calls, and records the cost', async () => {
    await harness.localnet.admin.fund(wallets[0]?.address ?? '', 700_000_000n);
    const refresh = refresher();
    const [round, ...others] = await refresh.runDueRounds();
    expect(others).toEqual([]);
    expect(round).toMatchObject({
      tenantId: operator.tenantId,
      wallets: 2,
      tokenAccounts: 0,
      rpcCalls: 1,
      failed: 0,
      keptNewer: 0,
    });
    expect(await lamportsOf(wallets[0]?.address ?? '')).toBe(700_000_000n);
    expect(await lamportsOf(wallets[1]?.address ?? '')).toBe(0n);

    // Not due again until the interval has passed.
    await harness.localnet.admin.fund(wallets[1]?.address ?? '', 300_000_000n);
    expect(await refresh.runDueRounds()).toEqual([]);
    clock.advance(BACKGROUND_REFRESH_MS - 1);
    expect(await refresh.runDueRounds()).toEqual([]);
    clock.advance(1);
    expect((await refresh.runDueRounds()).map((r) => r.tenantId)).toEqual([operator.tenantId]);
    expect(await lamportsOf(wallets[1]?.address ?? '')).toBe(300_000_000n);

    const status = await refresh.status(operator.tenantId);
    expect(status).toMatchObject({
      state: 'active',
      reason: null,
      intervalMs: BACKGROUND_REFRESH_MS,
      rounds: 2,
      nextRoundAt: new Date(clock.now() + BACKGROUND_REFRESH_MS).toISOString(),
      lastRound: { wallets: 2, rpcCalls: 1, callsPerWallet: 0.5, failed: 0 },
    });
  });

  it('lets only one of two server processes refresh a tenant each round', async () => {
    clock.advance(BACKGROUND_REFRESH_MS);
    const [first, second] = [refresher(), refresher()];
    const rounds = (await Promise.all([first.runDueRounds(), second.runDueRounds()])).flat();
    expect(rounds.map((r) => r.tenantId)).toEqual([operator.tenantId]);
    expect(await second.runDueRounds()).toEqual([]);
    expect(await first.runDueRounds()).toEqual([]);
  });

  it('pauses a tenant no one has been signed in to for an hour, and says why', async () => {
    const refresh = refresher();
    expect(await refresh.status(idle.tenantId)).toMatchObject({
      state: 'paused',
      reason: PAUSED_NO_SESSION,
      rounds: 0,
      lastRound: null,
    });
    clock.advance(BACKGROUND_REFRESH_MS);
    expect((await refresh.runDueRounds()).map((r) => r.tenantId)).toEqual([operator.tenantId]);
    expect(await refresher(0).status(operator.tenantId)).toMatchObject({
      state: 'disabled',
      reason: DISABLED_BY_SETTING,
      intervalMs: 0,
    });
    expect(await refresher(0).runDueRounds()).toEqual([]);
  });

  it('runs on its clock from start to stop', async () => {
    clock.advance(BACKGROUND_REFRESH_MS);
    const refresh = refresher();
    const seen: RoundOutcome[] = [];
    let next: (outcome: RoundOutcome) => void = () => undefined;
    const round = () => new Promise<RoundOutcome>((resolve) => (next = resolve));
    const errors: unknown[] = [];
    let waiting = round();
    const running = refresh.start({
      onError: (error) => errors.push(error),
      onRound: (outcome) => {
        seen.push(outcome);
        next(outcome);
      },
    });
    // The first look is at once.
    await waiting;
    waiting = round();
    // The next look finds the tenant due once the interval has passed.
    clock.advance(BACKGROUND_REFRESH_MS);
    await waiting;
    await running.stop();
    expect(seen.map((r) => r.tenantId)).toEqual([operator.tenantId, operator.tenantId]);
    expect(errors).toEqual([]);
    // Stopped: no look is scheduled any more.
    const rounds = (await refresh.status(operator.tenantId)).rounds;
    clock.advance(10 * BACKGROUND_REFRESH_MS);
    expect((await refresh.status(operator.tenantId)).rounds).toBe(rounds);
  });

  it('shows in Scan Details', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/scan/details',
      cookies: { fleet_session: operator.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const details = scanDetailsSchema.parse(response.json());
    expect(details.backgroundRefresh).toMatchObject({
      state: 'active',
      intervalMs: BACKGROUND_REFRESH_MS,
      lastRound: { wallets: 2, rpcCalls: 1 },
    });
    expect(details.backgroundRefresh?.rounds).toBeGreaterThanOrEqual(4);
  });
});
