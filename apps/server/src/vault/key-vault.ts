import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { addressOfSecretKey, FleetError } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { open, seal } from './aes-gcm';
import { secretKeyAssociatedData } from './associated-data';
import {
  insertDataKeyIfAbsent,
  readDataKey,
  readLatestDataKey,
  type StoredDataKey,
} from './data-key-store';
import { DATA_KEY_ALGORITHM, DATA_KEY_BYTES, unwrapDataKey, wrapDataKey } from './data-key-wrap';
import { assertIsKek, type Kek } from './kek';
import { createLruCache } from './lru-cache';
import { vaultFailure } from './vault-error';

/** The algorithm stored beside every secret-key ciphertext; decryption refuses any other. */
export const SECRET_KEY_ALGORITHM = 'aes-256-gcm/v1';
export type SecretKeyAlgorithm = typeof SECRET_KEY_ALGORITHM;

const SECRET_KEY_BYTES = 64;
const FIRST_DATA_KEY_VERSION = 1;
const DEFAULT_CACHE_SIZE = 4096;

export interface KeyVaultOptions {
  /** Wraps new data keys, and unwraps those it wrapped. */
  readonly kek: Kek;
  /** Older KEKs, still accepted for unwrapping until `rotateKek` has moved every data key off them. */
  readonly previousKeks?: readonly Kek[];
  /** How many unwrapped data keys to keep in memory (least recently used go first). */
  readonly cacheSize?: number;
}

export interface EncryptSecretKeyInput {
  readonly tenantId: string;
  readonly address: string;
  /** The 64-byte Solana secret key (seed ‖ public key). Not modified; the caller zeroes it. */
  readonly secretKey: Uint8Array;
}

/** What to store beside the public address (e.g. `master_wallets`): all three are needed to decrypt. */
export interface EncryptedSecretKey {
  readonly ciphertext: Uint8Array;
  readonly algorithm: SecretKeyAlgorithm;
  readonly dataKeyVersion: number;
}

export interface DecryptSecretKeyInput {
  readonly tenantId: string;
  readonly address: string;
  readonly ciphertext: Uint8Array;
  readonly algorithm: string;
  readonly dataKeyVersion: number;
}

export interface KeyVault {
  /** `tx` must be the caller's `withTenant` transaction for `tenantId`. */
  encryptSecretKey(tx: TenantDatabase, input: EncryptSecretKeyInput): Promise<EncryptedSecretKey>;
  /**
   * The 64-byte secret key; zero it when done. Any mismatch (tenant, address, version, KEK,
   * algorithm, a changed byte) throws the same `FleetError`, see `vault-error.ts`.
   */
  decryptSecretKey(tx: TenantDatabase, input: DecryptSecretKeyInput): Promise<Uint8Array>;
}

/**
 * Envelope encryption of wallet secret keys: each tenant has a random data key, stored wrapped by
 * the KEK in `tenant_data_keys`; secret keys are sealed under their tenant's data key. See README.
 */
export function createKeyVault(options: KeyVaultOptions): KeyVault {
  const keks = new Map<string, Kek>();
  for (const kek of [...(options.previousKeks ?? []), options.kek]) {
    assertIsKek(kek);
    keks.set(kek.id, kek);
  }
  const currentKek = options.kek;

  // Unwrapped data keys, keyed by everything the unwrap depended on (including the wrapped bytes),
  // so a hit is exactly what unwrapping that row would give: it can never serve a key for a row
  // that was changed, swapped or rolled back.
  const dataKeys = createLruCache<string, KeyObject>(options.cacheSize ?? DEFAULT_CACHE_SIZE);

  // Rows already read inside one transaction. Reusing them spares a query per key during a bulk
  // import, yet a key is only ever used in a transaction that can see its row: if that row's
  // insert is rolled back, every secret sealed under it is rolled back with it.
  const rowsSeenIn = new WeakMap<TenantDatabase, Map<string, StoredDataKey>>();

  function seenIn(tx: TenantDatabase): Map<string, StoredDataKey> {
    let rows = rowsSeenIn.get(tx);
    if (rows === undefined) {
      rows = new Map();
      rowsSeenIn.set(tx, rows);
    }
    return rows;
  }

  function keyObjectOf(row: StoredDataKey, operation: 'decrypt' | 'encrypt'): KeyObject {
    const cacheKey = [
      row.tenantId.toLowerCase(),
      row.version,
      row.kekId,
      row.algorithm,
      Buffer.from(row.wrappedKey).toString('base64'),
    ].join('|');
    const cached = dataKeys.get(cacheKey);
    if (cached !== undefined) return cached;
    if (row.algorithm !== DATA_KEY_ALGORITHM) throw vaultFailure('unknown-algorithm', operation);
    const kek = keks.get(row.kekId);
    if (kek === undefined) throw vaultFailure('unknown-kek', operation);
    const raw = unwrapDataKey(kek, row, row.wrappedKey);
    if (raw === undefined) throw vaultFailure('data-key-unwrap-failed', operation);
    try {
      const keyObject = createSecretKey(raw);
      dataKeys.set(cacheKey, keyObject);
      return keyObject;
    } finally {
      raw.fill(0);
    }
  }

  async function currentDataKey(tx: TenantDatabase, tenantId: string): Promise<StoredDataKey> {
    const seen = seenIn(tx);
    const slot = `${tenantId.toLowerCase()}|current`;
    const known = seen.get(slot);
    if (known !== undefined) return known;
    const row = (await readLatestDataKey(tx, tenantId)) ?? (await createFirstDataKey(tx, tenantId));
    seen.set(slot, row);
    seen.set(`${tenantId.toLowerCase()}|${row.version}`, row);
    return row;
  }

  async function createFirstDataKey(tx: TenantDatabase, tenantId: string): Promise<StoredDataKey> {
    const slot = { tenantId, version: FIRST_DATA_KEY_VERSION };
    const raw = randomBytes(DATA_KEY_BYTES);
    let wrappedKey: Uint8Array;
    try {
      wrappedKey = wrapDataKey(currentKek, slot, raw);
    } finally {
      raw.fill(0);
    }
    await insertDataKeyIfAbsent(tx, {
      ...slot,
      wrappedKey,
      kekId: currentKek.id,
      algorithm: DATA_KEY_ALGORITHM,
    });
    // Whoever won a concurrent first use, everyone seals under the row that is stored.
    const stored = await readDataKey(tx, tenantId, FIRST_DATA_KEY_VERSION);
    if (stored === undefined) {
      throw new FleetError('VAULT__DATA_KEY_NOT_STORED');
    }
    return stored;
  }

  async function dataKeyVersion(
    tx: TenantDatabase,
    tenantId: string,
    version: number,
  ): Promise<StoredDataKey> {
    const seen = seenIn(tx);
    const slot = `${tenantId.toLowerCase()}|${version}`;
    const known = seen.get(slot);
    if (known !== undefined) return known;
    const row = await readDataKey(tx, tenantId, version);
    if (row === undefined) throw vaultFailure('data-key-missing');
    seen.set(slot, row);
    return row;
  }

  return {
    async encryptSecretKey(tx, { tenantId, address, secretKey }) {
      if (!secretKeyMatches(secretKey, address)) {
        // Sealing a key under an address it cannot sign for would store an unusable wallet.
        throw new FleetError('VAULT__KEY_ADDRESS_MISMATCH');
      }
      const row = await currentDataKey(tx, tenantId);
      const ciphertext = seal(
        keyObjectOf(row, 'encrypt'),
        secretKey,
        secretKeyAssociatedData({
          tenantId,
          address,
          dataKeyVersion: row.version,
          algorithm: SECRET_KEY_ALGORITHM,
        }),
      );
      return { ciphertext, algorithm: SECRET_KEY_ALGORITHM, dataKeyVersion: row.version };
    },

    async decryptSecretKey(
      tx,
      { tenantId, address, ciphertext, algorithm, dataKeyVersion: version },
    ) {
      if (algorithm !== SECRET_KEY_ALGORITHM) throw vaultFailure('unknown-algorithm');
      if (!Number.isSafeInteger(version) || version < FIRST_DATA_KEY_VERSION) {
        throw vaultFailure('malformed');
      }
      const row = await dataKeyVersion(tx, tenantId, version);
      const secretKey = open(
        keyObjectOf(row, 'decrypt'),
        ciphertext,
        secretKeyAssociatedData({ tenantId, address, dataKeyVersion: version, algorithm }),
        SECRET_KEY_BYTES,
      );
      if (secretKey === undefined) throw vaultFailure('authentication-failed');
      // The associated data already binds the address; this is the second check, against the key
      // itself, so a wallet can never sign with a key other than the one its address names.
      if (!secretKeyMatches(secretKey, address)) {
        secretKey.fill(0);
        throw vaultFailure('address-mismatch');
      }
      return secretKey;
    },
  };
}

function secretKeyMatches(secretKey: Uint8Array, address: string): boolean {
  try {
    return addressOfSecretKey(secretKey) === address;
  } catch {
    return false;
  }
}
