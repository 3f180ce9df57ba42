import { SEED_PHRASE_MESSAGES } from '@fleet/core';
import { ApiError, NetworkError } from '../../api/api-error';
import { SeedPreviewError } from './seed-preview';

/**
 * Spec 1 §8's import messages. The server's own sentence wins when it sent one (it carries the key
 * and seed messages of §5); otherwise a failed answer names its HTTP status, and no answer at all
 * gets the action's fallback.
 */
export type ImportAction = 'validate' | 'scan' | 'import' | 'seed-import';

const HTTP_MESSAGE: Readonly<Record<ImportAction, (status: number) => string>> = {
  validate: (status) => `Validation failed (HTTP ${status})`,
  scan: (status) => `Preview scan failed (HTTP ${status})`,
  import: (status) => `Import failed (HTTP ${status})`,
  'seed-import': () => 'Seed import failed',
};

const FALLBACK: Readonly<Record<ImportAction, string>> = {
  validate: 'Failed to validate private keys',
  scan: 'Failed to scan wallets',
  import: 'Failed to import wallets',
  'seed-import': 'Seed import failed',
};

export function importErrorMessage(action: ImportAction, error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? HTTP_MESSAGE[action](error.status);
  return FALLBACK[action];
}

/**
 * A failed seed preview: the phrase's own problem as the spec words it; a failed salt fetch means
 * the fingerprint cannot be taken; anything else is a derivation failure.
 */
export function seedPreviewErrorMessage(error: unknown): string {
  if (error instanceof SeedPreviewError) return error.message;
  if (error instanceof ApiError) {
    return `${SEED_PHRASE_MESSAGES.fingerprint} (${error.serverMessage ?? `HTTP ${error.status}`})`;
  }
  if (error instanceof NetworkError)
    return `${SEED_PHRASE_MESSAGES.fingerprint} (no answer from the server)`;
  return SEED_PHRASE_MESSAGES.deriveFailed;
}
