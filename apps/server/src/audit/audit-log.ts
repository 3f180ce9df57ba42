import { AUDIT_LIST_LIMIT, redactSecrets, type AuditAction } from '@fleet/core';
import { schema, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';

export type AuditOutcome = 'success' | 'failure';

export interface AuditEntry {
  /** Who: a user e-mail, "admin", "system", or "anonymous". */
  readonly actor: string;
  /** What, as `area.verb`: `auth.login`, `admin.keys.create`, `master_wallet.reveal`. */
  readonly action: AuditAction;
  readonly outcome: AuditOutcome;
  readonly tenantId?: string | null | undefined;
  readonly ip?: string | null | undefined;
  readonly detail?: Record<string, unknown>;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /**
   * What a signed-in operator did, done: the common entry, named by the actor's e-mail. `within`
   * writes it in the caller's tenant transaction, so it commits with what it records (a ledger
   * row and its audit entry commit together).
   */
  recordSuccess(
    actor: Actor,
    action: AuditAction,
    detail?: Record<string, unknown>,
    within?: TenantDatabase,
  ): Promise<void>;
}

/**
 * Append-only, UTC timestamps from the database; details pass through redaction first, and every
 * list in a detail is cut to its first AUDIT_LIST_LIMIT items beside the number left out.
 */
export function createAuditLog(db: FleetDatabase): AuditLog {
  const record = async (entry: AuditEntry, within?: TenantDatabase): Promise<void> => {
    await (within ?? db).insert(schema.auditLog).values({
      actor: entry.actor,
      action: entry.action,
      outcome: entry.outcome,
      tenantId: entry.tenantId ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ? JSON.stringify(redactSecrets(boundLists(entry.detail))) : null,
    });
  };
  return {
    record: (entry) => record(entry),
    recordSuccess: (actor, action, detail, within) =>
      record(
        {
          actor: actor.user.email,
          action,
          outcome: 'success',
          tenantId: actor.tenantId,
          ip: actor.ip,
          ...(detail === undefined ? {} : { detail }),
        },
        within,
      ),
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
