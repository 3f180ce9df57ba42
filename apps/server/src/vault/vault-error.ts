import { FleetError, fleetErrorMessage, isFleetError, type VaultFailureReason } from '@fleet/core';

export type { VaultFailureReason };

export const VAULT_FAILURE_MESSAGE = fleetErrorMessage('VAULT__DECRYPT_FAILED', {
  reason: 'malformed',
});
/** When sealing fails because the tenant's stored data key does not open. */
export const VAULT_SEAL_FAILURE_MESSAGE = fleetErrorMessage('VAULT__ENCRYPT_FAILED', {
  reason: 'malformed',
});

/**
 * The message stays the same whatever the reason, so a caller (or an attacker probing with
 * altered rows) learns nothing from it; the reason is in the context, for logs and tests, and no
 * key material is ever part of an error.
 */
export function vaultFailure(
  reason: VaultFailureReason,
  operation: 'decrypt' | 'encrypt' = 'decrypt',
): FleetError<'VAULT__DECRYPT_FAILED' | 'VAULT__ENCRYPT_FAILED'> {
  return operation === 'decrypt'
    ? new FleetError('VAULT__DECRYPT_FAILED', { reason })
    : new FleetError('VAULT__ENCRYPT_FAILED', { reason });
}

export function isVaultFailure(
  error: unknown,
  reason?: VaultFailureReason,
): error is FleetError<'VAULT__DECRYPT_FAILED' | 'VAULT__ENCRYPT_FAILED'> {
  return (
    (isFleetError(error, 'VAULT__DECRYPT_FAILED') ||
      isFleetError(error, 'VAULT__ENCRYPT_FAILED')) &&
    (reason === undefined || error.context.reason === reason)
  );
}
