import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it('shows the server sentence when the server sent one', () => {
    const error = new ApiError(400, JSON.stringify({ error: 'Tag name is required' }));
    expect(errorMessage(error, 'fallback')).toBe('Tag name is required');
  });

  it('names the HTTP status when the server sent no sentence', () => {
    expect(errorMessage(new ApiError(502, ''), 'fallback')).toBe('HTTP 502');
  });

  it('shows the network reason when no answer came', () => {
    expect(errorMessage(new NetworkError('Failed to fetch'), 'fallback')).toBe('Failed to fetch');
  });

  it('falls back for anything else, such as an answer outside the contract', () => {
    expect(errorMessage(new TypeError('bad shape'), 'Error creating wallet')).toBe(
      'Error creating wallet',
    );
  });
});
