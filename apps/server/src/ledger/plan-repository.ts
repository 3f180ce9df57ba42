// SQL of `operation_plans` (decision 019): plans stored whole, named by their hash, executed at
// most once. Every function takes the tenant's transaction from `withTenant`.

import { FleetError, type OperationKindName } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { planIdOf, toJsonValue, type JsonValue } from './plan-hash';

const { operationPlans } = schema;

/** How long a reviewed plan may be executed: balances move, so an old plan is computed again. */
export const PLAN_VALIDITY_MS = 10 * 60_000;

export interface PlanToSave {
  readonly kind: OperationKindName;
  /** The planner's value; bigints are stored as decimal strings. */
  readonly plan: unknown;
  readonly createdBy: string | null;
  readonly now: Date;
  readonly validityMs?: number;
}

export interface StoredPlan {
  readonly id: string;
  readonly tenantId: string;
  readonly kind: OperationKindName;
  readonly plan: JsonValue;
  readonly createdBy: string | null;
}

/**
 * Stores a plan and answers its id (the same plan, the same id). Saving a plan again that is not
 * yet executed gives it a new validity; an executed one stays executed.
 */
export async function savePlan(
  tx: TenantDatabase,
  tenantId: string,
  input: PlanToSave,
): Promise<string> {
  const id = planIdOf(tenantId, input.kind, input.plan);
  const expiresAt = new Date(input.now.getTime() + (input.validityMs ?? PLAN_VALIDITY_MS));
  await tx
    .insert(operationPlans)
    .values({
      id,
      tenantId,
      kind: input.kind,
      plan: toJsonValue(input.plan),
      createdBy: input.createdBy,
      createdAt: input.now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: operationPlans.id,
      set: { expiresAt },
      setWhere: and(isNull(operationPlans.consumedAt), eq(operationPlans.tenantId, tenantId)),
    });
  return id;
}

/**
 * Takes a plan for execution: locks its row, refuses an unknown (or another tenant's), expired,
 * already executed or altered plan with a coded error, and marks it executed. The caller creates
 * the operation in the same transaction, so a plan that is consumed always has its operation.
 */
export async function consumePlan(
  tx: TenantDatabase,
  planId: string,
  now: Date,
): Promise<StoredPlan> {
  if (!/^[0-9a-f]{64}$/.test(planId)) throw new FleetError('PLAN__NOT_FOUND', { planId });
  const [row] = await tx
    .select()
    .from(operationPlans)
    .where(
      and(
        eq(operationPlans.id, planId),
        // Row-level security already hides other tenants; this says so in the statement too.
        sql`${operationPlans.tenantId} = nullif(current_setting('app.tenant_id', true), '')::uuid`,
      ),
    )
    .for('update');
  if (!row) throw new FleetError('PLAN__NOT_FOUND', { planId });
  if (row.consumedAt !== null) throw new FleetError('PLAN__ALREADY_USED', { planId });
  if (row.expiresAt.getTime() <= now.getTime()) throw new FleetError('PLAN__EXPIRED', { planId });
  if (planIdOf(row.tenantId, row.kind, row.plan) !== planId) {
    throw new FleetError('PLAN__ALTERED', { planId });
  }
  await tx.update(operationPlans).set({ consumedAt: now }).where(eq(operationPlans.id, planId));
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: row.kind,
    plan: toJsonValue(row.plan),
    createdBy: row.createdBy,
  };
}
