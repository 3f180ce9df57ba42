import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import { inviteErrorOutcome, inviteSuccessOutcome } from '../invite/invite-messages';
import { loginErrorMessage } from './login-messages';

describe('sign-in error messages (spec 1 §8)', () => {
  it("prefer the server's own sentence", () => {
    expect(loginErrorMessage(new ApiError(423, '{"error":"Account locked for 5 minutes"}'))).toBe(
      'Account locked for 5 minutes',
    );
  });

  it('say "Invalid credentials" for a bare 401 and "Unable to sign in" otherwise', () => {
    expect(loginErrorMessage(new ApiError(401, ''))).toBe('Invalid credentials');
    expect(loginErrorMessage(new ApiError(500, 'oops'))).toBe('Unable to sign in');
  });

  it('blame the connection when no answer came back', () => {
    expect(loginErrorMessage(new NetworkError('Failed to fetch'))).toBe(
      'Unexpected error signing in. Please try again.',
    );
  });
});

describe('invite request outcomes (spec 1 §4, §8)', () => {
  const formatDate = (iso: string) => `on ${iso.slice(0, 10)}`;

  it('tell a new invite from one already in progress', () => {
    expect(inviteSuccessOutcome(201, {}, formatDate).message).toBe(
      'Invite sent! Check your inbox for the activation email.',
    );
    expect(
      inviteSuccessOutcome(201, { inviteExpiresAt: '2026-12-01T00:00:00Z' }, formatDate).message,
    ).toBe(
      'Invite sent! Check your inbox for the activation email. The link expires on 2026-12-01.',
    );
    expect(inviteSuccessOutcome(202, {}, formatDate).message).toBe(
      'An invite for this email is already in progress. Check your email for the latest link.',
    );
  });

  it('send an existing account to sign in, and explain other failures', () => {
    expect(inviteErrorOutcome(new ApiError(409, '{"error":"exists"}')).message).toBe(
      'This email already has an account. Try signing in instead.',
    );
    expect(inviteErrorOutcome(new ApiError(400, '{"error":"Email looks wrong"}')).message).toBe(
      'Email looks wrong',
    );
    expect(inviteErrorOutcome(new ApiError(500, '')).message).toBe(
      'Something went wrong while processing your request. Please try again later.',
    );
    expect(inviteErrorOutcome(new NetworkError('down')).message).toBe(
      'Unable to submit request. Check your connection and try again.',
    );
  });
});
