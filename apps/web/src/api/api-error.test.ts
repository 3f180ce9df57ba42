import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';

describe('ApiError', () => {
  it("uses the server's sentence when the body is Fleet's error JSON", () => {
    const error = new ApiError(
      401,
      JSON.stringify({ error: 'Invalid credentials', code: 'AUTH__INVALID_CREDENTIALS' }),
    );
    expect(error.message).toBe('Invalid credentials');
    expect(error.serverMessage).toBe('Invalid credentials');
    expect(error.code).toBe('AUTH__INVALID_CREDENTIALS');
    expect(error.status).toBe(401);
  });

  it('keeps the domain code only when it is one this build knows', () => {
    const known = new ApiError(
      404,
      JSON.stringify({ error: 'Tag not found', code: 'TAG__NOT_FOUND' }),
    );
    expect(known.code).toBe('TAG__NOT_FOUND');
    const unknown = new ApiError(404, JSON.stringify({ error: 'Gone', code: 'NOT_FOUND' }));
    expect(unknown.code).toBeUndefined();
    expect(unknown.message).toBe('Gone');
    expect(new ApiError(400, JSON.stringify({ error: 'Odd', code: 7 })).code).toBeUndefined();
    expect(new ApiError(502, 'Bad gateway').code).toBeUndefined();
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
