import { describe, expect, it } from 'vitest';
import {
  exhaustiveSwitchError,
  FleetError,
  isFleetError,
  isFleetErrorCode,
  toErrorBody,
} from './fleet-error';

describe('FleetError', () => {
  it('takes its message from the table, built from its context', () => {
    expect(new FleetError('WALLET__NOT_FOUND', { walletId: 'w1' }).message).toBe(
      'Wallet not found',
    );
    expect(new FleetError('IMPORT__INVALID_KEY', { index: 2, reason: 'Bad key' }).message).toBe(
      'Key 3: Bad key',
    );
    expect(new FleetError('TAG__NAME_TAKEN').message).toBe('A tag with this name already exists');
  });

  it('keeps a frozen copy of its context and the cause', () => {
    const context = { method: 'getBalance', attempts: 'a: 500' };
    const cause = new Error('root');
    const error = new FleetError('RPC__NO_ENDPOINT_ANSWERED', context, { cause });
    context.attempts = 'changed';
    expect(error.context).toEqual({ method: 'getBalance', attempts: 'a: 500' });
    expect(Object.isFrozen(error.context)).toBe(true);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('No RPC endpoint answered getBalance (a: 500)');
  });

  it('serialises to the API error body with message and code only', () => {
    const error = new FleetError('GROUP__NOT_FOUND', { groupId: 'g7' });
    expect(toErrorBody(error)).toEqual({ error: 'Group not found', code: 'GROUP__NOT_FOUND' });
  });

  it('is recognised by code and rejects unknown codes', () => {
    const error: unknown = new FleetError('AUTH__NOT_SIGNED_IN');
    expect(isFleetError(error)).toBe(true);
    expect(isFleetError(error, 'AUTH__NOT_SIGNED_IN')).toBe(true);
    expect(isFleetError(error, 'ADMIN__AUTHENTICATION_FAILED')).toBe(false);
    expect(isFleetError(new Error('plain'))).toBe(false);
    expect(isFleetErrorCode('WALLET__NOT_FOUND')).toBe(true);
    expect(isFleetErrorCode('NOT_FOUND')).toBe(false);
    expect(isFleetErrorCode('toString')).toBe(false);
  });

  it('narrows the context to the code it was recognised by', () => {
    const error: unknown = new FleetError('WALLET__KEY_REQUESTS_RATE_LIMITED', {
      retryAfterSeconds: 30,
    });
    const seconds: number | undefined = isFleetError(error, 'WALLET__KEY_REQUESTS_RATE_LIMITED')
      ? error.context.retryAfterSeconds
      : undefined;
    expect(seconds).toBe(30);
  });

  it('lets the compiler refuse a wrong or missing context', () => {
    const build = () => [
      // @ts-expect-error the code needs a walletId, not a groupId
      new FleetError('WALLET__NOT_FOUND', { groupId: 'g1' }),
      // @ts-expect-error the message is built from index and reason, so both are required
      new FleetError('IMPORT__INVALID_KEY'),
      // @ts-expect-error index is a number
      new FleetError('IMPORT__INVALID_KEY', { index: '1', reason: 'x' }),
      // @ts-expect-error a generic code of the old model no longer exists
      new FleetError('NOT_FOUND', 'Wallet not found'),
    ];
    expect(build).toBeTypeOf('function');
  });

  it('reports an unhandled case of a union switch as an internal error', () => {
    expect(() => exhaustiveSwitchError('surprise' as never)).toThrow(
      expect.objectContaining({
        code: 'INTERNAL__UNHANDLED_CASE',
        message: 'Unhandled case: "surprise"',
      }),
    );
  });
});
