import { schema, type FleetDatabase } from '@fleet/db';
import { redactSecrets } from '@fleet/core';

export type AuditOutcome = 'success' | 'failure';

export interface AuditEntry {
  /** Who: a user e-mail, "admin", "system", or "anonymous". */
  readonly actor: string;
  /** What, as `area.verb`: `auth.login`, `admin.keys.create`, `master_wallet.reveal`. */
  readonly action: string;
  readonly outcome: AuditOutcome;
  readonly tenantId?: string | null | undefined;
  readonly ip?: string | null | undefined;
  readonly detail?: Record<string, unknown>;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

/** Append-only, UTC timestamps from the database; details pass through redaction first. */
export function createAuditLog(db: FleetDatabase): AuditLog {
  return {
    async record(entry) {
      await db.insert(schema.auditLog).values({
        actor: entry.actor,
        action: entry.action,
        outcome: entry.outcome,
        tenantId: entry.tenantId ?? null,
        ip: entry.ip ?? null,
        detail: entry.detail ? JSON.stringify(redactSecrets(entry.detail)) : null,
      });
    },
  };
}
