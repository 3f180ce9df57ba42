import { FLEET_ERROR_CODES, FleetError } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { FLEET_ERROR_STATUS, httpStatusOf } from './error-status';

describe('The HTTP status of each error code', () => {
  it('is given for every code, and only for codes', () => {
    expect(Object.keys(FLEET_ERROR_STATUS).sort()).toEqual([...FLEET_ERROR_CODES].sort());
    for (const status of Object.values(FLEET_ERROR_STATUS)) {
      expect(status >= 400 && status <= 599).toBe(true);
    }
  });

  it('keeps the statuses the generic codes had', () => {
    expect(httpStatusOf(new FleetError('WALLET__NOT_FOUND', { walletId: 'w1' }))).toBe(404);
    expect(httpStatusOf(new FleetError('TAG__NAME_TAKEN'))).toBe(409);
    expect(httpStatusOf(new FleetError('TAG__COMPUTED'))).toBe(400);
    expect(httpStatusOf(new FleetError('AUTH__INVALID_CREDENTIALS'))).toBe(401);
    expect(httpStatusOf(new FleetError('LICENSE__EXPIRED'))).toBe(403);
    expect(httpStatusOf(new FleetError('REQUEST__PAYLOAD_TOO_LARGE', { limitBytes: 1 }))).toBe(413);
    expect(httpStatusOf(new FleetError('REQUEST__UNSUPPORTED_MEDIA_TYPE'))).toBe(415);
    expect(
      httpStatusOf(new FleetError('WALLET__KEY_REQUESTS_RATE_LIMITED', { retryAfterSeconds: 5 })),
    ).toBe(429);
    expect(httpStatusOf(new FleetError('VAULT__DECRYPT_FAILED', { reason: 'malformed' }))).toBe(
      500,
    );
    expect(
      httpStatusOf(
        new FleetError('RPC__NO_ENDPOINT_ANSWERED', { method: 'getBalance', attempts: '' }),
      ),
    ).toBe(502);
    expect(httpStatusOf(new FleetError('AUTH__NO_PUBLIC_URL'))).toBe(503);
    expect(httpStatusOf(new FleetError('TENANT__REQUIRED'))).toBe(400);
  });
});
