import { createEndpointPool } from '@fleet/chain';
import { readSlimWalletList, scanSolBalancesSummarySchema } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import {
  createOperator,
  createSecondTestApp,
  createTestApp,
  type Operator,
  type TestApp,
} from '../testing/test-app';

/**
 * Spec (issue 20): an endpoint that answers stale data (an older `context.slot` than what is
 * stored) never overwrites newer data. Two server processes on one database, one reading through
 * the localnet's own endpoint, the other through an endpoint that lags the chain by many slots.
 */
describe.each(testDatabaseKinds)('the slot guard of stored balances on %s', (kind) => {
  let localnet: Localnet<'behind'>;
  let fresh: TestApp;
  let stale: TestApp;
  let operator: Operator;
  const wallet = newTestKeypair();
  let tokenAccount = '';

  const refresh = async (app: TestApp) => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/scan-sol-balances',
      cookies: { fleet_session: operator.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return scanSolBalancesSummarySchema.parse(response.json());
  };
  const stored = () =>
    withTenant(fresh.database.db, operator.tenantId, async (tx) => {
      const [row] = await tx
        .select({ lamports: schema.wallets.lamports, slot: schema.wallets.scannedSlot })
        .from(schema.wallets)
        .where(eq(schema.wallets.publicAddress, wallet.address));
      const tokens = await tx
        .select({ slot: schema.walletTokenAccounts.scannedSlot })
        .from(schema.walletTokenAccounts)
        .where(eq(schema.walletTokenAccounts.tokenAccount, tokenAccount));
      return { lamports: row?.lamports, slot: row?.slot, tokenSlots: tokens.map((t) => t.slot) };
    });

  beforeAll(async () => {
    // A stopped clock: slots move only with transactions and the test, so each slot is known.
    localnet = await createLocalnet({ slotIntervalMs: 0, endpoints: { behind: {} } });
    // Far enough from genesis that a lag of 1,000 slots still answers a real slot.
    localnet.admin.advanceSlots(5_000);
    fresh = await createTestApp(kind, { localnet });
    stale = await createSecondTestApp(fresh, {
      chainPool: createEndpointPool({ endpoints: [localnet.endpoints.behind.url] }),
    });
    operator = await createOperator(fresh.app, 'slots@example.com');
    await localnet.admin.fund(wallet.address, 1_000_000_000n);
    const mint = await localnet.admin.createMint({ decimals: 0 });
    tokenAccount = await localnet.admin.createTokenAccount({
      owner: wallet.address,
      mint,
      amount: 3n,
    });
    // Imported with its scan preview, so the token account is known and stored with its slot.
    const preview = await fresh.app.inject({
      method: 'POST',
      url: '/api/scan-assets/preview',
      cookies: { fleet_session: operator.cookie },
      payload: { publicAddresses: [wallet.address] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const imported = await fresh.app.inject({
      method: 'POST',
      url: '/api/wallet',
      cookies: { fleet_session: operator.cookie },
      payload: { privateKeys: [wallet.privateKey], preview: preview.json<object>() },
    });
    expect(imported.statusCode, imported.body).toBe(200);
  });
  afterAll(async () => {
    await stale.close();
    await fresh.close();
    await localnet.close();
  });

  it('keeps numbers from a newer slot when a lagging endpoint answers, and takes a newer answer', async () => {
    // The import stored the preview's slot.
    const imported = await stored();
    expect(imported.slot).toBe(localnet.admin.getSlot());
    expect(imported.tokenSlots).toEqual([imported.slot]);
    localnet.admin.advanceSlots(10);
    expect((await refresh(fresh)).totalScanned).toBe(1);
    const first = await stored();
    expect(first.lamports).toBe(1_000_000_000n);
    expect(first.slot).toBe(localnet.admin.getSlot());
    expect(first.tokenSlots).toEqual([first.slot]);

    // The chain moves on; the lagging endpoint answers from 1,000 slots before what is stored.
    await localnet.admin.fund(wallet.address, 500_000_000n);
    localnet.admin.setProfile('behind', { lagSlots: 1_000 });
    const lagging = await refresh(stale);
    expect(lagging).toMatchObject({ totalScanned: 1, failed: 0 });
    expect(await stored()).toEqual(first);

    // An endpoint at the chain's slot (or later) writes.
    const now = await refresh(fresh);
    expect(now.totalScanned).toBe(1);
    const after = await stored();
    expect(after.lamports).toBe(1_500_000_000n);
    expect(after.slot).toBe(localnet.admin.getSlot());
    expect(after.tokenSlots).toEqual([after.slot]);
    const list = readSlimWalletList(
      (
        await fresh.app.inject({
          method: 'GET',
          url: '/api/wallets?mode=slim',
          cookies: { fleet_session: operator.cookie },
        })
      ).json(),
    );
    expect(list.wallets.find((w) => w.address === wallet.address)?.lamports).toBe('1500000000');

    // Caught up again, the same endpoint is no longer stale and writes too.
    localnet.admin.setProfile('behind', {});
    await localnet.admin.fund(wallet.address, 250_000_000n);
    await refresh(stale);
    expect((await stored()).lamports).toBe(1_750_000_000n);
  });
});
