import { randomBytes } from 'node:crypto';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kekFromBytes } from './kek';
import { kekMismatch, readKekUsage, unknownKekIds } from './kek-usage';
import { createKeyVault } from './key-vault';
import { rotateKek } from './rotate-kek';
import { createTestWallet } from './test-wallets';

const [first, second, third] = [1, 2, 3].map(() => kekFromBytes(randomBytes(32))) as [
  ReturnType<typeof kekFromBytes>,
  ReturnType<typeof kekFromBytes>,
  ReturnType<typeof kekFromBytes>,
];

describe('the KEK check at start', () => {
  it('accepts the KEK that wrapped every stored data key, or an empty vault', () => {
    expect(kekMismatch(new Map(), first, [])).toBeUndefined();
    expect(kekMismatch(new Map([[first.id, 3]]), first, [])).toBeUndefined();
    expect(kekMismatch(new Map([[first.id, 3]]), second, [first])).toBeUndefined();
  });

  it('names the KEKs that wrap keys the configured ones cannot open', () => {
    const usage = new Map([
      [first.id, 3],
      [second.id, 1],
    ]);
    expect(unknownKekIds(usage, [third])).toEqual([first.id, second.id].sort());
    const message = kekMismatch(usage, third, []);
    expect(message).toContain('does not match the stored data keys');
    expect(message).toContain(`3 by KEK ${first.id}`);
    expect(message).toContain(`the configured KEK is ${third.id}`);
  });
});

describe.each(testDatabaseKinds)('data keys counted per KEK on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('follow every insert, rotation and delete of a data key', async () => {
    const tenants = await database.db
      .insert(schema.tenants)
      .values([{}, {}, {}])
      .returning({ id: schema.tenants.id });
    const vault = createKeyVault({ kek: first });
    for (const { id: tenantId } of tenants) {
      await withTenant(database.db, tenantId, (tx) =>
        vault.encryptSecretKey(tx, { tenantId, ...createTestWallet() }),
      );
    }
    expect(await readKekUsage(database.db)).toEqual(new Map([[first.id, 3]]));

    await rotateKek({ db: database.db, from: [first], to: second });
    expect(await readKekUsage(database.db)).toEqual(new Map([[second.id, 3]]));

    const [gone] = tenants;
    await withTenant(database.db, gone?.id, (tx) =>
      tx.delete(schema.tenantDataKeys).where(eq(schema.tenantDataKeys.tenantId, gone?.id ?? '')),
    );
    expect(await readKekUsage(database.db)).toEqual(new Map([[second.id, 2]]));
  });
});
