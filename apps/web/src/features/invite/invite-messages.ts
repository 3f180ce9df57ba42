import type { InviteResponse } from '@fleet/core';
import { ApiError, NetworkError } from '../../api/api-error';

export type InviteOutcome = { readonly kind: 'success' | 'error'; readonly message: string };

/** Spec 1 §4 and §8, Invite request: 201 created, 202 already in progress, 409 existing account. */
export function inviteSuccessOutcome(
  status: number,
  body: InviteResponse,
  formatDate: (iso: string) => string,
): InviteOutcome {
  if (status === 202) {
    return {
      kind: 'success',
      message:
        'An invite for this email is already in progress. Check your email for the latest link.',
    };
  }
  const expiry = body.inviteExpiresAt
    ? ` The link expires ${formatDate(body.inviteExpiresAt)}.`
    : '';
  return {
    kind: 'success',
    message: `Invite sent! Check your inbox for the activation email.${expiry}`,
  };
}

export function inviteErrorOutcome(error: unknown): InviteOutcome {
  if (error instanceof NetworkError) {
    return {
      kind: 'error',
      message: 'Unable to submit request. Check your connection and try again.',
    };
  }
  if (error instanceof ApiError) {
    if (error.status === 409)
      return {
        kind: 'error',
        message: 'This email already has an account. Try signing in instead.',
      };
    if (error.serverMessage) return { kind: 'error', message: error.serverMessage };
  }
  return {
    kind: 'error',
    message: 'Something went wrong while processing your request. Please try again later.',
  };
}
