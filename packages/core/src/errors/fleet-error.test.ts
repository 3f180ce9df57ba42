import { describe, expect, it } from 'vitest';
import { FleetError, isFleetError, isFleetErrorCode, toErrorBody } from './fleet-error';

describe('FleetError', () => {
  it('derives its HTTP status from its code', () => {
    expect(new FleetError('NOT_FOUND', 'Wallet not found').status).toBe(404);
    expect(new FleetError('PAYLOAD_TOO_LARGE', 'Too big').status).toBe(413);
    expect(new FleetError('INTERNAL', 'Boom').status).toBe(500);
  });

  it('keeps a frozen copy of its context and the cause', () => {
    const context = { field: 'email' };
    const cause = new Error('root');
    const error = new FleetError('VALIDATION_FAILED', 'Email is required', { context, cause });
    context.field = 'changed';
    expect(error.context).toEqual({ field: 'email' });
    expect(Object.isFrozen(error.context)).toBe(true);
    expect(error.cause).toBe(cause);
  });

  it('serialises to the API error body with message and code only', () => {
    const error = new FleetError('CONFLICT', 'Already exists', { context: { id: 7 } });
    expect(toErrorBody(error)).toEqual({ error: 'Already exists', code: 'CONFLICT' });
  });

  it('is recognised by code and rejects unknown codes', () => {
    const error = new FleetError('UNAUTHORIZED', 'Sign in');
    expect(isFleetError(error)).toBe(true);
    expect(isFleetError(error, 'UNAUTHORIZED')).toBe(true);
    expect(isFleetError(error, 'FORBIDDEN')).toBe(false);
    expect(isFleetError(new Error('plain'))).toBe(false);
    expect(isFleetErrorCode('NOT_FOUND')).toBe(true);
    expect(isFleetErrorCode('toString')).toBe(false);
  });
});
