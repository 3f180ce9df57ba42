import { AUDIT_LIST_LIMIT } from '@fleet/core';
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

/**
 * Append-only, UTC timestamps from the database; details pass through redaction first, and every
 * list in a detail is cut to its first AUDIT_LIST_LIMIT items beside the number left out.
 */
export function createAuditLog(db: FleetDatabase): AuditLog {
  return {
    async record(entry) {
      await db.insert(schema.auditLog).values({
        actor: entry.actor,
        action: entry.action,
        outcome: entry.outcome,
        tenantId: entry.tenantId ?? null,
        ip: entry.ip ?? null,
        detail: entry.detail ? JSON.stringify(redactSecrets(boundLists(entry.detail))) : null,
      });
    },
  };
}

/**
 * A selection of 10,000 wallets must not make a 450 KB audit row: a list keeps its first items
 * and `<name>Omitted` says how many more there were (the detail's `count` keeps the total).
 */
export function boundLists(detail: Record<string, unknown>): Record<string, unknown> {
  const bounded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(detail)) {
    if (Array.isArray(value) && value.length > AUDIT_LIST_LIMIT) {
      bounded[name] = value.slice(0, AUDIT_LIST_LIMIT);
      bounded[`${name}Omitted`] = value.length - AUDIT_LIST_LIMIT;
    } else {
      bounded[name] = value;
    }
  }
  return bounded;
}
