import type { TransactionKey } from '@fleet/chain';
import { FleetError } from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { eq } from 'drizzle-orm';
import type { SecretKeyVault } from '../vault';

/**
 * The signing keys of one job run, opened from the vault when a transaction first needs them and
 * held only as non-extractable WebCrypto keys: the decrypted bytes are wiped as soon as WebCrypto
 * has imported them, and nothing here is ever logged or stored.
 */
export function createSigningKeys(context: {
  readonly db: FleetDatabase;
  readonly vault: SecretKeyVault;
  readonly tenantId: string;
}) {
  const { db, vault, tenantId } = context;
  const opened = new Map<string, Promise<TransactionKey>>();

  async function open(address: string): Promise<TransactionKey> {
    const secret = await withTenant(db, tenantId, async (tx) => {
      const [master] = await tx
        .select()
        .from(schema.masterWallets)
        .where(eq(schema.masterWallets.publicAddress, address));
      const sealed =
        master ??
        (
          await tx
            .select({
              encryptedKey: schema.wallets.encryptedKey,
              keyAlgorithm: schema.wallets.keyAlgorithm,
              dataKeyVersion: schema.wallets.dataKeyVersion,
            })
            .from(schema.wallets)
            .where(eq(schema.wallets.publicAddress, address))
        )[0];
      if (!sealed) throw new FleetError('SOL_PLAN__NO_PRIVATE_KEY', { wallets: 1 });
      return vault.decryptSecretKey(tx, {
        tenantId,
        address,
        ciphertext: sealed.encryptedKey,
        algorithm: sealed.keyAlgorithm,
        dataKeyVersion: sealed.dataKeyVersion,
      });
    });
    try {
      return await createKeyPairSignerFromBytes(secret);
    } finally {
      secret.fill(0);
    }
  }

  return {
    signerFor(address: string): Promise<TransactionKey> {
      let key = opened.get(address);
      if (!key) {
        key = open(address);
        // A failed open is not kept: the next transaction asks the vault again.
        key.catch(() => opened.delete(address));
        opened.set(address, key);
      }
      return key;
    },
    /** Forgets a key no later transaction of this run needs (a swept or forwarded wallet). */
    forget(address: string): void {
      opened.delete(address);
    },
  };
}
