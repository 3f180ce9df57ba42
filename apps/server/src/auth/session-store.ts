import { schema, type FleetDatabase } from '@fleet/db';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { hashSecretToken, newSecretToken } from './secret-tokens';

export interface SessionPolicy {
  readonly idleMs: number;
  readonly absoluteMs: number;
}

export interface AuthenticatedSession {
  readonly sessionId: string;
  readonly tenantId: string;
  readonly user: { readonly id: string; readonly email: string; readonly role: string };
  readonly license: { readonly key: string; readonly tier: string; readonly expiresAt: Date };
}

export interface SessionStore {
  create(input: {
    userId: string;
    tenantId: string;
    ip: string | undefined;
    userAgent: string | undefined;
  }): Promise<{ token: string; expiresAt: Date }>;
  /** The live session behind a token, or null: unknown, revoked, idle too long, past its end, or licence gone. */
  resolve(token: string): Promise<AuthenticatedSession | null>;
  revoke(token: string): Promise<void>;
  revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void>;
  revokeAllForTenant(tenantId: string): Promise<void>;
}

// Writing last_seen_at on every request would turn every read into a write; a minute is precise
// enough for a 30-minute idle timeout.
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionStore(
  db: FleetDatabase,
  policy: SessionPolicy,
  now: () => Date = () => new Date(),
): SessionStore {
  const { sessions, users, licenseKeys } = schema;
  return {
    async create({ userId, tenantId, ip, userAgent }) {
      const token = newSecretToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + policy.absoluteMs);
      await db.insert(sessions).values({
        tokenHash: hashSecretToken(token),
        userId,
        tenantId,
        createdAt,
        lastSeenAt: createdAt,
        expiresAt,
        ip: ip ?? null,
        userAgent: userAgent?.slice(0, 512) ?? null,
      });
      return { token, expiresAt };
    },

    async resolve(token) {
      if (!token || token.length > 128) return null;
      const [row] = await db
        .select({
          sessionId: sessions.id,
          tenantId: sessions.tenantId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          userId: users.id,
          email: users.email,
          role: users.role,
          licenseKey: licenseKeys.key,
          tier: licenseKeys.tier,
          licenseExpiresAt: licenseKeys.expiresAt,
          licenseRevokedAt: licenseKeys.revokedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(licenseKeys, eq(licenseKeys.tenantId, sessions.tenantId))
        .where(eq(sessions.tokenHash, hashSecretToken(token)));
      if (!row) return null;
      const at = now().getTime();
      const dead =
        row.revokedAt !== null ||
        row.expiresAt.getTime() <= at ||
        row.lastSeenAt.getTime() + policy.idleMs <= at ||
        row.licenseRevokedAt !== null ||
        row.licenseExpiresAt.getTime() <= at;
      if (dead) return null;
      if (at - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(at) })
          .where(eq(sessions.id, row.sessionId));
      }
      return {
        sessionId: row.sessionId,
        tenantId: row.tenantId,
        user: { id: row.userId, email: row.email, role: row.role },
        license: { key: row.licenseKey, tier: row.tier, expiresAt: row.licenseExpiresAt },
      };
    },

    async revoke(token) {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.tokenHash, hashSecretToken(token)), isNull(sessions.revokedAt)));
    },

    async revokeAllForUser(userId, exceptSessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
          ),
        );
    },

    async revokeAllForTenant(tenantId) {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt)));
    },
  };
}
