import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import { importErrorMessage, seedPreviewErrorMessage } from './import-messages';
import { SeedPreviewError } from './seed-preview';

describe('import failures (spec 1 §8)', () => {
  it("show the server's sentence when it sent one", () => {
    const error = new ApiError(400, '{"error":"No private keys detected in the input."}');
    expect(importErrorMessage('validate', error)).toBe('No private keys detected in the input.');
  });

  it('name the HTTP status when the server gave no sentence', () => {
    expect(importErrorMessage('validate', new ApiError(500, ''))).toBe(
      'Validation failed (HTTP 500)',
    );
    expect(importErrorMessage('scan', new ApiError(502, 'Bad gateway'))).toBe(
      'Preview scan failed (HTTP 502)',
    );
    expect(importErrorMessage('import', new ApiError(503, ''))).toBe('Import failed (HTTP 503)');
    expect(importErrorMessage('seed-import', new ApiError(500, ''))).toBe('Seed import failed');
  });

  it('fall back to the action when there was no answer at all', () => {
    const down = new NetworkError('offline');
    expect(importErrorMessage('validate', down)).toBe('Failed to validate private keys');
    expect(importErrorMessage('scan', down)).toBe('Failed to scan wallets');
    expect(importErrorMessage('import', down)).toBe('Failed to import wallets');
    expect(importErrorMessage('seed-import', down)).toBe('Seed import failed');
  });

  it('keep seed phrase problems in their own words, and explain a missing salt', () => {
    expect(seedPreviewErrorMessage(new SeedPreviewError('Enter a seed phrase to continue.'))).toBe(
      'Enter a seed phrase to continue.',
    );
    expect(seedPreviewErrorMessage(new ApiError(500, ''))).toBe(
      'Unable to determine seed fingerprint (HTTP 500)',
    );
    expect(seedPreviewErrorMessage(new TypeError('boom'))).toBe(
      'Failed to derive wallets for this seed phrase',
    );
  });
});
