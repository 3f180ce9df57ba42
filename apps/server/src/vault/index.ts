export {
  assertIsKek,
  generateKekBase64,
  kekFromBytes,
  KEK_BYTES,
  parseKek,
  parseKeks,
  type Kek,
} from './kek';
export {
  createKeyVault,
  SECRET_KEY_ALGORITHM,
  type DecryptSecretKeyInput,
  type EncryptedSecretKey,
  type EncryptSecretKeyInput,
  type KeyVault,
  type KeyVaultOptions,
  type SecretKeyAlgorithm,
} from './key-vault';
export {
  rotateKek,
  type RotateKekOptions,
  type RotateKekProgress,
  type RotateKekResult,
} from './rotate-kek';
export {
  isVaultFailure,
  VAULT_FAILURE_MESSAGE,
  VAULT_SEAL_FAILURE_MESSAGE,
  type VaultFailureReason,
} from './vault-error';
export { kekMismatch, readKekUsage, unknownKekIds, type KekUsage } from './kek-usage';
export type { SecretKeyVault } from './secret-key-vault';
