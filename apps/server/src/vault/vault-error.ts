import { FleetError } from '@fleet/core';

/**
 * Why the vault failed, for logs and tests. The message stays the same whatever the reason, so a
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
/** When sealing fails because the tenant's stored data key does not open. */
export const VAULT_SEAL_FAILURE_MESSAGE = 'The private key could not be encrypted';

export function vaultFailure(
  reason: VaultFailureReason,
  operation: 'decrypt' | 'encrypt' = 'decrypt',
): FleetError {
  const message = operation === 'decrypt' ? VAULT_FAILURE_MESSAGE : VAULT_SEAL_FAILURE_MESSAGE;
  return new FleetError('INTERNAL', message, { context: { vault: reason } });
}

export function isVaultFailure(error: unknown, reason?: VaultFailureReason): error is FleetError {
  return (
    error instanceof FleetError &&
    (error.message === VAULT_FAILURE_MESSAGE || error.message === VAULT_SEAL_FAILURE_MESSAGE) &&
    (reason === undefined || error.context.vault === reason)
  );
}
