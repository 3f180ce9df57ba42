import { UNLIMITED_USES, encodePrivateKeyBase58 } from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { eq } from 'drizzle-orm';
import type { LicenseService } from '../admin/license-service';
import { hashPassword } from '../auth/password-hashing';
import type { MasterWalletService } from '../master-wallet/master-wallet-service';
import { generateWalletKeypair } from '../wallets/generate-keypair';

export const DEMO_MASTER_LAMPORTS = 100n * 1_000_000_000n;

export interface DemoAccount {
  readonly email: string;
  readonly licenseKey: string;
  readonly masterAddress: string;
  readonly created: boolean;
}

/**
 * On the embedded defaults, a fresh data directory gets a demo licence, a demo operator and a
 * master wallet funded on the local chain, so the console can be tried at once. Never in production.
 */
export async function ensureDemoAccount(context: {
  readonly db: FleetDatabase;
  readonly email: string;
  readonly password: string;
  readonly licenses: LicenseService;
  readonly masterWallet: MasterWalletService;
  readonly fund: ((address: string, lamports: bigint) => Promise<unknown>) | undefined;
}): Promise<DemoAccount> {
  const { users, licenseKeys } = schema;
  const [existing] = await context.db
    .select({ tenantId: users.tenantId, key: licenseKeys.key })
    .from(users)
    .innerJoin(licenseKeys, eq(licenseKeys.tenantId, users.tenantId))
    .where(eq(users.email, context.email));
  if (existing) {
    return { email: context.email, licenseKey: existing.key, masterAddress: '', created: false };
  }
  const [license] = await context.licenses.create({
    durationDays: 365,
    tier: 'enterprise',
    batch: 1,
    maxUses: UNLIMITED_USES,
    name: 'Demo licence',
  });
  if (!license) throw new Error('could not create the demo licence');
  const [row] = await context.db.select().from(licenseKeys).where(eq(licenseKeys.key, license.key));
  if (!row) throw new Error('could not read the demo licence');
  const [user] = await context.db
    .insert(users)
    .values({
      tenantId: row.tenantId,
      email: context.email,
      passwordHash: await hashPassword(context.password),
    })
    .returning();
  await context.db.update(licenseKeys).set({ uses: 1 }).where(eq(licenseKeys.id, row.id));
  if (!user) throw new Error('could not create the demo operator');

  const { secretKey } = generateWalletKeypair();
  const saved = await context.masterWallet.save(
    { tenantId: row.tenantId, user: { id: user.id, email: user.email, role: user.role } },
    { privateKey: encodePrivateKeyBase58(secretKey), triggeredVia: 'first start' },
  );
  secretKey.fill(0);
  await context.fund?.(saved.public_address, DEMO_MASTER_LAMPORTS);
  return {
    email: context.email,
    licenseKey: license.key,
    masterAddress: saved.public_address,
    created: true,
  };
}
