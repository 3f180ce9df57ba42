import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import { activateErrorMessage, PASSWORDS_DIFFER, validateActivateForm } from './activate-form';

const good = {
  licenseKey: ' FLEET-ABCD-1234 ',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

describe('the activation form', () => {
  it('gives the request of the contract, with the licence key trimmed', () => {
    expect(validateActivateForm('tok', good)).toEqual({
      ok: true,
      request: { token: 'tok', licenseKey: 'FLEET-ABCD-1234', password: 'correct horse' },
    });
  });

  it('needs a licence key and a password of 8 to 128 characters', () => {
    const result = validateActivateForm('tok', {
      licenseKey: ' ',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        licenseKey: 'Licence key is required',
        password: 'Password must be at least 8 characters',
      },
    });
    const long = 'x'.repeat(129);
    expect(validateActivateForm('tok', { ...good, password: long, confirmPassword: long })).toEqual(
      {
        ok: false,
        errors: { password: 'Password must be at most 128 characters' },
      },
    );
    const longest = 'x'.repeat(128);
    expect(
      validateActivateForm('tok', { ...good, password: longest, confirmPassword: longest }).ok,
    ).toBe(true);
  });

  it('needs the confirmation to match', () => {
    expect(validateActivateForm('tok', { ...good, confirmPassword: 'correct horsE' })).toEqual({
      ok: false,
      errors: { confirmPassword: PASSWORDS_DIFFER },
    });
  });

  it('refuses a link without its invite token', () => {
    expect(validateActivateForm('', good)).toEqual({
      ok: false,
      errors: { token: 'Invite token is required' },
    });
  });
});

describe('activation failures', () => {
  it("show the server's sentence, else a generic line", () => {
    expect(
      activateErrorMessage(
        new ApiError(403, '{"error":"This licence key has expired","code":"X"}'),
      ),
    ).toBe('This licence key has expired');
    expect(activateErrorMessage(new ApiError(500, ''))).toBe(
      'Unable to activate your account. Please try again later.',
    );
    expect(activateErrorMessage(new NetworkError('down'))).toBe(
      'Unable to reach Fleet. Check your connection and try again.',
    );
  });
});
