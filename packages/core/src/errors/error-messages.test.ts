import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../api/error-body';
import { FLEET_ERROR_CODES, FLEET_ERROR_MESSAGES, fleetErrorMessage } from './fleet-error';

const DOMAIN_CODE = /^[A-Z]+(?:_[A-Z]+)*__[A-Z0-9]+(?:_[A-Z0-9]+)*$/;

describe('The error message table', () => {
  it('has a message for every code, and every code is named DOMAIN__REASON', () => {
    expect(FLEET_ERROR_CODES.length).toBeGreaterThan(50);
    for (const code of FLEET_ERROR_CODES) {
      expect(code).toMatch(DOMAIN_CODE);
      expect(typeof FLEET_ERROR_MESSAGES[code]).toBe('function');
    }
  });

  it('keeps the spec sentences word for word', () => {
    expect(fleetErrorMessage('WALLET__NOT_FOUND', {})).toBe('Wallet not found');
    expect(fleetErrorMessage('MASTER_WALLET__NOT_FOUND', {})).toBe('No master wallet is set');
    expect(fleetErrorMessage('AUTH__INVALID_CREDENTIALS', {})).toBe('Invalid credentials');
    expect(fleetErrorMessage('REQUEST__PAYLOAD_TOO_LARGE', { limitBytes: 1024 * 1024 })).toBe(
      'Request body is larger than the 1 MiB limit',
    );
    expect(fleetErrorMessage('REQUEST__PAYLOAD_TOO_LARGE', { limitBytes: 1500 })).toBe(
      'Request body is larger than the 1500 bytes limit',
    );
    expect(fleetErrorMessage('REQUEST__ROUTE_NOT_FOUND', { method: 'GET', path: '/api/x' })).toBe(
      'Route GET /api/x not found',
    );
    expect(fleetErrorMessage('AUTH__SIGN_IN_RATE_LIMITED', { retryAfterSeconds: 61 })).toBe(
      'Too many failed sign-in attempts. Try again in 2 minute(s).',
    );
    expect(
      fleetErrorMessage('RPC__CALL_REFUSED', {
        method: 'getAssetBatch',
        code: -32601,
        rpcMessage: 'Method not found',
        rpcCode: '-32601',
      }),
    ).toBe('getAssetBatch was refused: Method not found (-32601)');
    expect(
      fleetErrorMessage('TRANSFER__SIMULATION_FAILED', {
        reason: '{"InstructionError":[2,{"Custom":1}]}',
        unitsConsumed: '300',
      }),
    ).toBe('The transfer failed in simulation: {"InstructionError":[2,{"Custom":1}]}');
  });

  it('builds the count-dependent sentences from their context', () => {
    const active = { state: 'active', missing: 1, requested: 1 } as const;
    expect(fleetErrorMessage('WALLET__NOT_FOUND_IN_STATE', active)).toBe(
      'Wallet not found among active wallets',
    );
    expect(
      fleetErrorMessage('WALLET__NOT_FOUND_IN_STATE', {
        state: 'archived',
        missing: 2,
        requested: 5,
      }),
    ).toBe('2 of 5 wallets not found in the archive; nothing was changed');
    expect(fleetErrorMessage('WALLET__SOME_NOT_FOUND', { missing: 1, firstMissing: 'w1' })).toBe(
      'Wallet not found: w1',
    );
    expect(fleetErrorMessage('WALLET__SOME_NOT_FOUND', { missing: 3, firstMissing: 'w1' })).toBe(
      '3 wallets not found, first w1',
    );
    expect(fleetErrorMessage('REQUEST__NUL_CHARACTER', { field: 'name', inName: false })).toBe(
      'name: Text must not contain NUL characters',
    );
    expect(fleetErrorMessage('REQUEST__NUL_CHARACTER', { field: null, inName: true })).toBe(
      'Field names must not contain NUL characters',
    );
  });

  it('words the ledger and SOL plan problems as spec 2 §5 and §8 do', () => {
    expect(fleetErrorMessage('SOL_PLAN__MASTER_NOT_READY', {})).toBe('Master wallet not ready');
    expect(fleetErrorMessage('SOL_PLAN__NO_PRIVATE_KEY', { wallets: 3 })).toBe(
      '3 wallet(s) skipped because no private key is available',
    );
    expect(fleetErrorMessage('SOL_PLAN__NO_SOL_TO_WITHDRAW', {})).toBe(
      'No SOL available to withdraw',
    );
    expect(
      fleetErrorMessage('SOL_PLAN__BALANCE_NOT_ABOVE_FEE', {
        address: 'W1',
        balance: '5000',
        fee: '5000',
      }),
    ).toBe('W1: the wallet balance is not above the network fee');
    expect(
      fleetErrorMessage('SOL_PLAN__MASTER_BALANCE_SHORT', {
        needed: '1000005000',
        available: '1000000000',
      }),
    ).toBe('The master wallet holds 1 SOL but this needs 1.000005 SOL (amounts plus network fees)');
    expect(
      fleetErrorMessage('SOL_PLAN__BELOW_RENT_EXEMPT', {
        address: 'R1',
        after: '1000',
        minimum: '890880',
      }),
    ).toBe(
      'R1 would be left with 0.000001 SOL, below the rent-exempt minimum of 0.00089088 SOL, ' +
        'and the chain would refuse the transfer',
    );
    expect(
      fleetErrorMessage('LEDGER__ILLEGAL_TRANSITION', {
        transactionId: 't1',
        from: 'confirmed',
        event: 'broadcast',
      }),
    ).toBe("Transaction t1 cannot take 'broadcast' while confirmed");
  });

  it('is the union the wire schema accepts, and nothing else', () => {
    expect(errorBodySchema.parse({ error: 'Tag not found', code: 'TAG__NOT_FOUND' })).toEqual({
      error: 'Tag not found',
      code: 'TAG__NOT_FOUND',
    });
    expect(errorBodySchema.safeParse({ error: 'Tag not found', code: 'NOT_FOUND' }).success).toBe(
      false,
    );
  });
});
