import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';

describe('ApiError', () => {
  it("uses the server's sentence when the body is Fleet's error JSON", () => {
    const error = new ApiError(
      401,
      JSON.stringify({ error: 'Invalid credentials', code: 'UNAUTHORIZED' }),
    );
    expect(error.message).toBe('Invalid credentials');
    expect(error.serverMessage).toBe('Invalid credentials');
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.status).toBe(401);
  });

  it('falls back to the status code and body text', () => {
    const error = new ApiError(502, '<html>Bad gateway</html>');
    expect(error.message).toBe('HTTP 502: <html>Bad gateway</html>');
    expect(error.serverMessage).toBeUndefined();
  });

  it('says only the status when the body is empty or has no sentence', () => {
    expect(new ApiError(500, '').message).toBe('HTTP 500');
    expect(new ApiError(400, '{"error":""}').message).toBe('HTTP 400: {"error":""}');
  });
});
