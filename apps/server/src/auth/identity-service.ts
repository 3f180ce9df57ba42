import {
  FleetError,
  isEmailAddress,
  maskLicenseKey,
  UNLIMITED_USES,
  type SessionResponse,
} from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { Mailer } from '../mail/mailer';
import type { CaptchaVerifier } from './captcha';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hashing';
import { hashSecretToken, newSecretToken } from './secret-tokens';
import type { AuthenticatedSession, SessionStore } from './session-store';
import {
  INVITE_EMAIL_POLICY,
  INVITE_IP_POLICY,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ACCOUNT_POLICY,
  LOGIN_IP_POLICY,
  type Throttle,
} from './throttle';

export const INVITE_LIFETIME_MS = 72 * 60 * 60_000;
/** The audit action of an activation: a new member joining a licence's tenant. */
export const JOIN_ACTION = 'auth.activate';

export interface RequestMeta {
  readonly ip: string | undefined;
  readonly userAgent: string | undefined;
}

export interface IdentityContext {
  readonly db: FleetDatabase;
  readonly sessions: SessionStore;
  readonly throttle: Throttle;
  readonly audit: AuditLog;
  readonly mailer: Mailer;
  readonly captcha: CaptchaVerifier;
  /** The origin invite links point to (`createInviteLinkBase`); throws when there is none. */
  readonly inviteLinkBase: () => string;
  /** Development builds hand the invite token back in the response (spec 1 §7). */
  readonly exposeInviteTokens: boolean;
  readonly now?: () => Date;
  /** How a throttled answer waits; tests pass one that records instead of waiting. */
  readonly sleep: (ms: number) => Promise<void>;
}

export interface SignedIn {
  readonly token: string;
  readonly expiresAt: Date;
  readonly session: SessionResponse;
}

/** The audit log's actor for a sign-in whose "e-mail" was not an address: what was typed is not kept. */
export const NOT_AN_EMAIL_ACTOR = 'anonymous';

export function createIdentityService(context: IdentityContext) {
  const now = context.now ?? (() => new Date());
  const { users, licenseKeys, invites } = schema;

  async function licenseOfTenant(tenantId: string) {
    const [license] = await context.db
      .select()
      .from(licenseKeys)
      .where(eq(licenseKeys.tenantId, tenantId));
    return license;
  }

  async function signIn(user: typeof users.$inferSelect, meta: RequestMeta): Promise<SignedIn> {
    const license = await licenseOfTenant(user.tenantId);
    if (!license) throw new FleetError('LICENSE__MISSING');
    const { token, expiresAt } = await context.sessions.create({
      userId: user.id,
      tenantId: user.tenantId,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return {
      token,
      expiresAt,
      session: {
        user: { id: user.id, email: user.email, role: user.role },
        license: {
          key: maskLicenseKey(license.key),
          tier: license.tier,
          expires_at: license.expiresAt.toISOString(),
        },
        tenant: { id: user.tenantId },
      },
    };
  }

  return {
    toSessionResponse(session: AuthenticatedSession): SessionResponse {
      return {
        user: session.user,
        license: {
          key: maskLicenseKey(session.license.key),
          tier: session.license.tier,
          expires_at: session.license.expiresAt.toISOString(),
        },
        tenant: { id: session.tenantId },
      };
    },

    /**
     * Decision 015: failures from one client address lock that address (429 with Retry-After);
     * failures on one account only slow every attempt on it, the right password included, so
     * nobody can lock its owner out. What was typed as the e-mail is kept (throttle key, audit
     * actor) only when it is an address.
     */
    async login(input: { email: string; password: string }, meta: RequestMeta): Promise<SignedIn> {
      const ipKey = `login-ip:${meta.ip ?? 'unknown'}`;
      await context.throttle.assertOpen([ipKey], 'AUTH__SIGN_IN_RATE_LIMITED');
      const email = isEmailAddress(input.email) ? input.email : undefined;
      const accountKey = email === undefined ? undefined : `login-account:${email}`;
      if (accountKey) {
        await context.sleep(await context.throttle.delayFor(accountKey, LOGIN_ACCOUNT_DELAY));
      }
      const [user] =
        email === undefined
          ? []
          : await context.db.select().from(users).where(eq(users.email, email));
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!user || !valid) {
        await context.throttle.recordFailure([ipKey], LOGIN_IP_POLICY);
        if (accountKey) await context.throttle.recordFailure([accountKey], LOGIN_ACCOUNT_POLICY);
        await context.audit.record({
          actor: email ?? NOT_AN_EMAIL_ACTOR,
          action: 'auth.login',
          outcome: 'failure',
          tenantId: user?.tenantId,
          ip: meta.ip,
          detail: {
            reason:
              email === undefined
                ? 'not an e-mail address'
                : user
                  ? 'wrong password'
                  : 'unknown account',
          },
        });
        throw new FleetError('AUTH__INVALID_CREDENTIALS');
      }
      const license = await licenseOfTenant(user.tenantId);
      const refusal = license ? licenseRefusal(license, now()) : 'LICENSE__MISSING';
      if (refusal) {
        const refused = new FleetError(refusal);
        await context.audit.record({
          actor: user.email,
          action: 'auth.login',
          outcome: 'failure',
          tenantId: user.tenantId,
          ip: meta.ip,
          detail: { reason: refused.message },
        });
        throw refused;
      }
      if (accountKey) await context.throttle.reset(accountKey);
      const signedIn = await signIn(user, meta);
      await context.audit.record({
        actor: user.email,
        action: 'auth.login',
        outcome: 'success',
        tenantId: user.tenantId,
        ip: meta.ip,
      });
      return signedIn;
    },

    async logout(
      token: string | undefined,
      session: AuthenticatedSession | null,
      meta: RequestMeta,
    ): Promise<void> {
      if (token) await context.sessions.revoke(token);
      if (session) {
        await context.audit.record({
          actor: session.user.email,
          action: 'auth.logout',
          outcome: 'success',
          tenantId: session.tenantId,
          ip: meta.ip,
        });
      }
    },

    /**
     * Spec 1 §7's answers (201, 202, 409) stay, so whether an e-mail has an account can be asked;
     * every request is counted before anything is looked up, per client address and per e-mail,
     * so it cannot be asked about many (decision 015). The captcha, when configured, comes next.
     */
    async requestInvite(
      input: { email: string; captchaToken?: string | undefined },
      meta: RequestMeta,
    ): Promise<{ status: 201 | 202; inviteExpiresAt: string; token?: string }> {
      const linkBase = context.inviteLinkBase();
      const ipKey = `invite-ip:${meta.ip ?? 'unknown'}`;
      const emailKey = `invite-email:${input.email}`;
      await context.throttle.assertOpen([ipKey, emailKey], 'AUTH__INVITE_RATE_LIMITED');
      await context.throttle.recordFailure([ipKey], INVITE_IP_POLICY);
      await context.throttle.recordFailure([emailKey], INVITE_EMAIL_POLICY);
      await context.captcha.verify(input.captchaToken, meta.ip);
      const [existingUser] = await context.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email));
      if (existingUser) {
        throw new FleetError('AUTH__EMAIL_TAKEN');
      }
      const at = now();
      const token = newSecretToken();
      const [open] = await context.db
        .select()
        .from(invites)
        .where(
          and(
            eq(invites.email, input.email),
            isNull(invites.acceptedAt),
            gt(invites.expiresAt, at),
          ),
        )
        .orderBy(desc(invites.createdAt))
        .limit(1);
      let status: 201 | 202;
      let expiresAt: Date;
      if (open) {
        // Still in progress: the link is renewed (the old one stops working) and sent again.
        status = 202;
        expiresAt = open.expiresAt;
        await context.db
          .update(invites)
          .set({ tokenHash: hashSecretToken(token) })
          .where(eq(invites.id, open.id));
      } else {
        status = 201;
        expiresAt = new Date(at.getTime() + INVITE_LIFETIME_MS);
        await context.db.insert(invites).values({
          email: input.email,
          tokenHash: hashSecretToken(token),
          createdAt: at,
          expiresAt,
        });
      }
      const link = `${linkBase}/invite/activate?token=${encodeURIComponent(token)}`;
      await context.mailer.send({
        to: input.email,
        subject: 'Your Fleet invite',
        text: [
          'You asked for access to Fleet.',
          '',
          `Activate your account with your licence key here (the link expires ${expiresAt.toUTCString()}):`,
          link,
          '',
          'If you did not ask for this, ignore this message.',
        ].join('\n'),
      });
      await context.audit.record({
        actor: input.email,
        action: 'auth.invite_request',
        outcome: 'success',
        ip: meta.ip,
        detail: { status },
      });
      return {
        status,
        inviteExpiresAt: expiresAt.toISOString(),
        ...(context.exposeInviteTokens ? { token } : {}),
      };
    },

    async activate(
      input: { token: string; password: string; licenseKey: string },
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const at = now();
      const passwordHash = await hashPassword(input.password);
      const { user, licenseKey } = await context.db.transaction(async (tx) => {
        const [invite] = await tx
          .select()
          .from(invites)
          .where(eq(invites.tokenHash, hashSecretToken(input.token)))
          .for('update');
        if (!invite || invite.acceptedAt !== null || invite.expiresAt.getTime() <= at.getTime()) {
          throw new FleetError('AUTH__INVITE_INVALID');
        }
        const [license] = await tx
          .select()
          .from(licenseKeys)
          .where(eq(licenseKeys.key, input.licenseKey))
          .for('update');
        if (!license) throw new FleetError('LICENSE__INVITE_KEY_NOT_FOUND');
        const refusal = licenseRefusal(license, at);
        if (refusal) throw new FleetError(refusal);
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, invite.email));
        if (taken) throw new FleetError('AUTH__EMAIL_TAKEN');
        // Counted in the same statement that checks it, so two activations cannot both take the last use.
        const counted = await tx
          .update(licenseKeys)
          .set({ uses: sql`${licenseKeys.uses} + 1` })
          .where(
            and(
              eq(licenseKeys.id, license.id),
              or(
                eq(licenseKeys.maxUses, UNLIMITED_USES),
                lt(licenseKeys.uses, licenseKeys.maxUses),
              ),
            ),
          )
          .returning({ id: licenseKeys.id });
        if (counted.length === 0) throw new FleetError('LICENSE__NO_ACTIVATIONS_LEFT');
        await tx.update(invites).set({ acceptedAt: at }).where(eq(invites.id, invite.id));
        const [created] = await tx
          .insert(users)
          .values({ tenantId: license.tenantId, email: invite.email, passwordHash })
          .returning();
        if (!created) throw new FleetError('AUTH__ACCOUNT_NOT_CREATED');
        return { user: created, licenseKey: license.key };
      });
      // The join: read back by the members' notification feed (`join-feed.ts`).
      await context.audit.record({
        actor: user.email,
        action: JOIN_ACTION,
        outcome: 'success',
        tenantId: user.tenantId,
        ip: meta.ip,
        detail: { license: maskLicenseKey(licenseKey) },
      });
      return signIn(user, meta);
    },

    async changePassword(
      session: AuthenticatedSession,
      input: { currentPassword: string; newPassword: string },
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const [user] = await context.db.select().from(users).where(eq(users.id, session.user.id));
      if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await context.audit.record({
          actor: session.user.email,
          action: 'auth.password_change',
          outcome: 'failure',
          tenantId: session.tenantId,
          ip: meta.ip,
        });
        throw new FleetError('AUTH__WRONG_CURRENT_PASSWORD');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await context.db
        .update(users)
        .set({ passwordHash, passwordChangedAt: now() })
        .where(eq(users.id, user.id));
      // Every session of this account ends, this one included: the caller gets a fresh one.
      await context.sessions.revokeAllForUser(user.id);
      await context.audit.record({
        actor: user.email,
        action: 'auth.password_change',
        outcome: 'success',
        tenantId: user.tenantId,
        ip: meta.ip,
      });
      return signIn({ ...user, passwordHash }, meta);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** Why a licence cannot be used now, or undefined when it can. */
export function licenseRefusal(
  license: { revokedAt: Date | null; expiresAt: Date },
  at: Date,
): 'LICENSE__REVOKED' | 'LICENSE__EXPIRED' | undefined {
  if (license.revokedAt !== null) return 'LICENSE__REVOKED';
  if (license.expiresAt.getTime() <= at.getTime()) return 'LICENSE__EXPIRED';
  return undefined;
}
