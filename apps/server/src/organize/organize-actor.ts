import type { AuthenticatedSession } from '../auth/session-store';

/** Who is organising: the tenant every query is scoped to, and the user for the audit. */
export type OrganizeActor = Pick<AuthenticatedSession, 'tenantId' | 'user'> & {
  readonly ip?: string | undefined;
};
