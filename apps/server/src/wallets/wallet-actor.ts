import type { AuthenticatedSession } from '../auth/session-store';

/** The signed-in operator a wallet call acts for, with the request's address for the audit. */
export type WalletActor = Pick<AuthenticatedSession, 'tenantId' | 'user'> & {
  readonly ip?: string | undefined;
};
