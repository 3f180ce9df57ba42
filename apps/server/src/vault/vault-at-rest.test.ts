import { randomBytes } from 'node:crypto';
import { encodeBase58 } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrapDataKey } from './data-key-wrap';
import { kekFromBytes } from './kek';
import { createKeyVault } from './key-vault';
import { createTestWallet, type TestWallet } from './test-wallets';

const { tenants, tenantDataKeys, masterWallets } = schema;

/** Every textual form an operator's key (or our data key) could take in a dump or a log. */
function leakedForms(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  const forms = [
    buffer.toString('hex'),
    buffer.toString('hex').toUpperCase(),
    buffer.toString('base64'),
    buffer.toString('base64url'),
    JSON.stringify([...bytes]),
    [...bytes].join(', '),
  ];
  if (bytes.length >= 32) forms.push(encodeBase58(bytes));
  return forms;
}

describe.each(testDatabaseKinds)('the vault at rest on %s', (kind) => {
  let database: TestDatabase;
  const kek = kekFromBytes(randomBytes(32));
  const stored: { tenantId: string; wallet: TestWallet }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const vault = createKeyVault({ kek });
    const rows = await database.db.insert(tenants).values([{}, {}]).returning({ id: tenants.id });
    for (const { id: tenantId } of rows) {
      const wallet = createTestWallet();
      stored.push({ tenantId, wallet });
      await withTenant(database.db, tenantId, async (tx) => {
        const sealed = await vault.encryptSecretKey(tx, { tenantId, ...wallet });
        await tx.insert(masterWallets).values({
          tenantId,
          publicAddress: wallet.address,
          encryptedKey: sealed.ciphertext,
          keyAlgorithm: sealed.algorithm,
          dataKeyVersion: sealed.dataKeyVersion,
        });
      });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  async function dump(): Promise<string> {
    const lines: string[] = [];
    for (const { tenantId } of stored) {
      await withTenant(database.db, tenantId, async (tx) => {
        // Whole rows cast to text (bytea in Postgres's hex output), plus the byte columns in the
        // other encodings a dump tool might choose.
        const result = await tx.execute<{ line: string }>(sql`
          select t::text as line from tenant_data_keys t
          union all select encode(wrapped_key, 'base64') from tenant_data_keys
          union all select encode(wrapped_key, 'escape') from tenant_data_keys
          union all select t::text from master_wallets t
          union all select encode(encrypted_key, 'base64') from master_wallets
          union all select encode(encrypted_key, 'escape') from master_wallets
        `);
        lines.push(...result.rows.map((row) => row.line));
      });
    }
    return lines.join('\n');
  }

  it('is a real dump of both tables', async () => {
    const text = await dump();
    for (const { tenantId, wallet } of stored) {
      expect(text).toContain(tenantId);
      expect(text).toContain(wallet.address);
    }
    expect(text).toContain(kek.id);
    expect(text).toContain('aes-256-gcm/v1');
  });

  it('contains no private key in base58, hex, base64 or array form', async () => {
    const text = await dump();
    for (const { wallet } of stored) {
      const seed = wallet.secretKey.subarray(0, 32);
      for (const form of [...leakedForms(wallet.secretKey), ...leakedForms(seed)]) {
        expect(text).not.toContain(form);
      }
    }
  });

  it('contains no raw data key and no KEK', async () => {
    const text = await dump();
    for (const { tenantId } of stored) {
      const rows = await withTenant(database.db, tenantId, (tx) =>
        tx.select().from(tenantDataKeys),
      );
      expect(rows).toHaveLength(1);
      for (const row of rows) {
        const dataKey = unwrapDataKey(kek, row, row.wrappedKey);
        if (dataKey === undefined) throw new Error('the stored data key does not open');
        for (const form of leakedForms(dataKey)) expect(text).not.toContain(form);
      }
    }
    for (const form of leakedForms(kek.key)) expect(text).not.toContain(form);
  });
});
