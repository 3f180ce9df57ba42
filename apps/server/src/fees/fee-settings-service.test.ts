import { isFleetError, type FeeSettings } from '@fleet/core';
import { schema, withTenant, type TenantDatabase } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { lockTenantFeeCap, readTenantFeeCap } from './fee-settings-repository';
import { createFeeSettingsService } from './fee-settings-service';

const T0 = new Date('2026-11-25T12:00:00.000Z');

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isFleetError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe.each(testDatabaseKinds)('tenant fee caps on %s', (kind) => {
  let database: TestDatabase;
  let tenants: string[];
  let service: ReturnType<typeof createFeeSettingsService>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(schema.tenants)
      .values([{}, {}, {}])
      .returning({ id: schema.tenants.id });
    tenants = rows.map((row) => row.id);
    service = createFeeSettingsService({
      db: database.db,
      audit: createAuditLog(database.db),
      now: () => T0,
      serverMicroLamportsPerUnit: 5_000n,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const actor = (index: number): Actor => ({
    tenantId: tenants[index] ?? '',
    user: { id: `user-${index}`, email: `fees-${index}@example.com`, role: 'user' },
    ip: '192.0.2.1',
  });
  const capOf = (index: number) =>
    withTenant(database.db, tenants[index], (tx: TenantDatabase) => readTenantFeeCap(tx));
  const set = (index: number, cap: string | null): Promise<FeeSettings> =>
    service.update(actor(index), { maxMicroLamportsPerUnit: cap });

  it("reads no cap for a tenant that never set one, and bids the server's price", async () => {
    expect(await capOf(0)).toBeNull();
    expect(await service.read(actor(0))).toEqual({
      serverMicroLamportsPerUnit: '5000',
      maxMicroLamportsPerUnit: null,
      effectiveMicroLamportsPerUnit: '5000',
      limit: '1000000',
    });
  });

  it('stores a cap, lowers the bid to it, and clears it again', async () => {
    expect(await set(0, '2000')).toMatchObject({
      maxMicroLamportsPerUnit: '2000',
      effectiveMicroLamportsPerUnit: '2000',
    });
    expect(await capOf(0)).toBe(2_000n);
    expect(await set(0, '9000')).toMatchObject({
      maxMicroLamportsPerUnit: '9000',
      effectiveMicroLamportsPerUnit: '5000',
    });
    expect(await set(0, null)).toMatchObject({
      maxMicroLamportsPerUnit: null,
      effectiveMicroLamportsPerUnit: '5000',
    });
    expect(await capOf(0)).toBeNull();
    expect(await service.read(actor(0))).toMatchObject({ maxMicroLamportsPerUnit: null });
  });

  it("keeps each tenant's cap to itself", async () => {
    await set(1, '1500');
    await set(2, '0');
    expect(await capOf(1)).toBe(1_500n);
    expect(await capOf(2)).toBe(0n);
    expect(await capOf(0)).toBeNull();
    expect((await service.read(actor(0))).maxMicroLamportsPerUnit).toBeNull();
    expect((await service.read(actor(2))).effectiveMicroLamportsPerUnit).toBe('0');
    // Under the policy, another tenant's row can be neither locked nor written from here.
    const locked = await withTenant(database.db, tenants[0], (tx) =>
      tx
        .select({ tenantId: schema.tenantFeeSettings.tenantId })
        .from(schema.tenantFeeSettings)
        .where(eq(schema.tenantFeeSettings.tenantId, tenants[1] ?? '')),
    );
    expect(locked).toEqual([]);
    await expect(
      withTenant(database.db, tenants[0], (tx) => lockTenantFeeCap(tx, tenants[1] ?? '', T0)),
    ).rejects.toThrow();
    expect(await capOf(1)).toBe(1_500n);
  });

  it('refuses a bad cap with its code and leaves the stored one', async () => {
    await set(1, '1500');
    expect(await codeOf(set(1, 'abc'))).toBe('FEE_CAP__INVALID');
    expect(await codeOf(set(1, '-1'))).toBe('FEE_CAP__INVALID');
    expect(await codeOf(set(1, ''))).toBe('FEE_CAP__INVALID');
    expect(await codeOf(set(1, '1000001'))).toBe('FEE_CAP__ABOVE_LIMIT');
    expect(await capOf(1)).toBe(1_500n);
  });

  it('audits every change with the cap it replaced, in the same transaction', async () => {
    await set(2, '700');
    await set(2, null);
    const entries = await database.db
      .select({
        actor: schema.auditLog.actor,
        detail: schema.auditLog.detail,
        ip: schema.auditLog.ip,
      })
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.tenantId, tenants[2] ?? ''),
          eq(schema.auditLog.action, 'fee_cap.update'),
        ),
      )
      .orderBy(asc(schema.auditLog.at));
    expect(entries.map((entry) => JSON.parse(entry.detail ?? 'null') as unknown)).toEqual([
      { cap: '0', previousCap: null },
      { cap: '700', previousCap: '0' },
      { cap: null, previousCap: '700' },
    ]);
    expect(entries[0]).toMatchObject({ actor: 'fees-2@example.com', ip: '192.0.2.1' });
  });

  it('takes concurrent changes one at a time: each entry names the cap the one before it set', async () => {
    const caps = ['100', '200', '300', '400', '500', '600'];
    await Promise.all(caps.map((cap) => set(0, cap)));
    const entries = await database.db
      .select({ detail: schema.auditLog.detail })
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.tenantId, tenants[0] ?? ''),
          eq(schema.auditLog.action, 'fee_cap.update'),
        ),
      );
    const changes = entries
      .map(
        (entry) =>
          JSON.parse(entry.detail ?? 'null') as { cap: string | null; previousCap: string | null },
      )
      .filter((change) => change.cap !== null && caps.includes(change.cap));
    expect(changes).toHaveLength(caps.length);
    // A chain: one change started from the cleared cap, every other from a cap another one set.
    const previous = changes.map((change) => change.previousCap);
    expect(previous.filter((cap) => cap === null)).toHaveLength(1);
    expect(new Set(previous).size).toBe(caps.length);
    const last = caps.find((cap) => !previous.includes(cap));
    expect((await capOf(0))?.toString()).toBe(last);
  });
});
