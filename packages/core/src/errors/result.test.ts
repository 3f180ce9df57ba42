import { describe, expect, it } from 'vitest';
import { FleetError } from './fleet-error';
import { err, itemErrorOf, ok, type Result } from './result';

describe('Result', () => {
  it('holds a value or an item error, told apart by ok', () => {
    const results: Result<number>[] = [
      ok(1),
      err({ code: 'ADDRESS__INVALID', message: 'Not a Solana address: x' }),
    ];
    expect(results.map((result) => (result.ok ? result.value : result.error.code))).toEqual([
      1,
      'ADDRESS__INVALID',
    ]);
  });

  it('turns a FleetError into the item error of a batch report', () => {
    const error = new FleetError('RPC__NO_ENDPOINT_ANSWERED', {
      method: 'getBalance',
      attempts: 'a',
    });
    expect(itemErrorOf(error)).toEqual({
      code: 'RPC__NO_ENDPOINT_ANSWERED',
      message: 'No RPC endpoint answered getBalance (a)',
    });
    expect(err(itemErrorOf(error))).toEqual({ ok: false, error: itemErrorOf(error) });
  });
});
