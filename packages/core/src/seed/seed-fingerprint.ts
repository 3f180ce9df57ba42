import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { FleetError } from '../errors/fleet-error';

/**
 * What a seed group keeps instead of the phrase: HMAC-SHA256 keyed with a per-tenant secret salt
 * over a version label and the 64-byte BIP39 seed, as 64 hex digits. It recognises "the same seed
 * (and passphrase) again" within one tenant, and nothing more:
 * - it cannot be turned back into the seed (HMAC is one-way, the seed has at least 128 bits of
 *   entropy behind 2048 PBKDF2 rounds);
 * - without the salt it cannot even be checked against a guessed phrase, and the same seed gives
 *   unrelated fingerprints in two tenants.
 * The phrase and the seed are never stored; only this value and the derivation scheme are.
 */
export const SEED_FINGERPRINT_VERSION = 'fleet-seed-fingerprint-v1';
export const MIN_FINGERPRINT_SALT_BYTES = 16;

const LABEL = new TextEncoder().encode(`${SEED_FINGERPRINT_VERSION}\0`);

export function seedFingerprint(seed: Uint8Array, tenantSalt: Uint8Array | string): string {
  const salt = typeof tenantSalt === 'string' ? new TextEncoder().encode(tenantSalt) : tenantSalt;
  if (seed.length !== 64 || salt.length < MIN_FINGERPRINT_SALT_BYTES) {
    throw new FleetError('SEED__FINGERPRINT_FAILED', {
      seedBytes: seed.length,
      saltBytes: salt.length,
    });
  }
  const message = new Uint8Array(LABEL.length + seed.length);
  message.set(LABEL);
  message.set(seed, LABEL.length);
  return bytesToHex(hmac(sha256, salt, message));
}
