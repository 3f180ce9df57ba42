import type { TenantDatabase } from '@fleet/db';

/**
 * The vault as services see it: seal a secret key for a tenant and address, and open it again.
 * `createKeyVault` implements it; services depend on this port, so tests may pass a fake.
 */
export interface SecretKeyVault {
  encryptSecretKey(
    tx: TenantDatabase,
    input: { tenantId: string; address: string; secretKey: Uint8Array },
  ): Promise<{ ciphertext: Uint8Array; algorithm: string; dataKeyVersion: number }>;
  decryptSecretKey(
    tx: TenantDatabase,
    input: {
      tenantId: string;
      address: string;
      ciphertext: Uint8Array;
      algorithm: string;
      dataKeyVersion: number;
    },
  ): Promise<Uint8Array>;
}
