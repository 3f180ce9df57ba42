import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import { masterWalletErrorMessage } from './master-wallet-messages';

describe('master wallet failures', () => {
  it("show the server's sentence, such as the spec's key messages", () => {
    const error = new ApiError(400, '{"error":"Invalid private key length","code":"VALIDATION"}');
    expect(masterWalletErrorMessage('save', error)).toBe('Invalid private key length');
  });

  it('name what failed when the server gave no sentence or no answer', () => {
    expect(masterWalletErrorMessage('save', new ApiError(500, ''))).toBe(
      'Unable to save the master wallet',
    );
    expect(masterWalletErrorMessage('reveal', new NetworkError('down'))).toBe(
      'Unable to show the private key: no answer from the server',
    );
  });

  it('say "History unavailable" for any history failure (spec 1 §8)', () => {
    expect(masterWalletErrorMessage('history', new ApiError(500, '{"error":"boom"}'))).toBe(
      'History unavailable',
    );
  });
});
