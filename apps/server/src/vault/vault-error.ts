import { FleetError } from '@fleet/core';

/**
 * Why decryption failed, for logs and tests. The message stays the same whatever the reason, so a
 * caller (or an attacker probing with altered rows) learns nothing from it, and no key material is
 * ever part of an error.
 */
export type VaultFailureReason =
  | 'unknown-algorithm'
  | 'malformed'
  | 'data-key-missing'
  | 'unknown-kek'
  | 'data-key-unwrap-failed'
  | 'authentication-failed'
  | 'address-mismatch';

export const VAULT_FAILURE_MESSAGE = 'The stored private key could not be decrypted';

export function vaultFailure(reason: VaultFailureReason): FleetError {
  return new FleetError('INTERNAL', VAULT_FAILURE_MESSAGE, { context: { vault: reason } });
}

export function isVaultFailure(error: unknown, reason?: VaultFailureReason): error is FleetError {
  return (
    error instanceof FleetError &&
    error.message === VAULT_FAILURE_MESSAGE &&
    (reason === undefined || error.context.vault === reason)
  );
}
