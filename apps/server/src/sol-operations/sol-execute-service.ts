import { FleetError, type ExecutePlanResponse, type OperationKindName } from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { insertJob } from '../jobs/job-repository';
import type { JobService } from '../jobs/job-service';
import { createDeferredOperation } from '../ledger/deferred-operation';
import { consumePlan, requireRetryable } from '../ledger/ledger-repository';
import { setOperationJob } from '../ledger/operation-repository';
import {
  isMiddlemanPlaceholder,
  MIDDLEMAN_PLACEHOLDER,
  storedSolPlanSchema,
  type StoredSolPlan,
} from './sol-plan-build';
import { skeletonOfBuild } from './operation-rows';
import { SOL_OPERATION_JOB_KIND } from './sol-operation-job';

/** Generates and seals fresh middlemen inside the caller's transaction (their own source). */
export type MiddlemanFactory = (
  tx: TenantDatabase,
  input: { readonly tenantId: string; readonly count: number; readonly createdBy: string },
) => Promise<readonly { readonly id: string; readonly address: string }[]>;

/** Records which operation a middleman serves, so it is never used again. */
export type MiddlemanLinker = (
  tx: TenantDatabase,
  operationId: string,
  walletIds: readonly string[],
) => Promise<void>;

/**
 * Executing a plan (issue 17): the plan is consumed, and the operation (with every item and
 * transaction it will have, as its stored build), its middlemen (two-hop), its job and the audit
 * entry commit in one transaction; only then does the queue hear of the job, which writes the
 * item and transaction rows ahead of its sends (decision 029). What runs is exactly what the
 * plan stored.
 *
 * One operation at a time spends from a tenant's master: a transaction-scoped advisory lock
 * serialises executions of one tenant, and an operation still open refuses the next.
 */
export function createSolExecuteService(context: {
  readonly db: FleetDatabase;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly now: () => Date;
  readonly createMiddlemen?: MiddlemanFactory;
  readonly linkMiddlemen?: MiddlemanLinker;
  readonly newId?: () => string;
}) {
  const { db, jobs, audit, now } = context;
  const newId = context.newId ?? randomUUID;

  return {
    async execute(
      actor: Actor,
      kind: OperationKindName,
      planId: string,
      check?: (plan: StoredSolPlan) => void,
    ): Promise<ExecutePlanResponse> {
      const created = await withTenant(db, actor.tenantId, async (tx) => {
        const at = now();
        // 1. one spender of the master at a time: executions of a tenant queue here
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`fleet.master.${actor.tenantId}`}))`,
        );
        // 2. the plan, consumed (unknown, expired, used or altered plans are refused)
        const stored = await consumePlan(tx, planId, at);
        if (stored.kind !== kind) throw new FleetError('PLAN__NOT_FOUND', { planId });
        const plan = storedSolPlanSchema.parse(stored.plan);
        check?.(plan);
        if (!plan.view.ready) {
          const reason =
            plan.view.problems.find((problem) => problem.blocking)?.message ?? 'nothing to send';
          throw new FleetError('SOL_PLAN__NOT_READY', { reason });
        }
        // A refused execution rolls back, so the plan stays unused for later.
        const busy = await tx.execute<{ id: string }>(sql`
          select o.id from operations o join jobs j on j.id = o.job_id
          where o.status in ('planned', 'running') and j.status in ('queued', 'running')
          limit 1`);
        const open = busy.rows[0];
        if (open) throw new FleetError('OPERATION__MASTER_BUSY', { operationId: open.id });
        // A retry pays an operation's failures at most once (the unique index says so too).
        if (plan.retryOf !== null) await requireRetryable(tx, plan.retryOf);
        // 3. middlemen, sealed in the vault before any SOL moves
        const middlemen = await middlemenFor(tx, actor, plan);
        const resolve = (address: string): string => {
          if (!isMiddlemanPlaceholder(address)) return address;
          const index = Number(address.slice(MIDDLEMAN_PLACEHOLDER.length));
          const middleman = middlemen[index];
          if (!middleman) throw new Error(`the plan names middleman ${index} it did not count`);
          return middleman.address;
        };
        // 4. the operation, and every row it will have, known now and written by its job in
        //    chunks while the first ones send (decision 029): items, planned transactions (a
        //    lookup table's creates and extensions first: the transfers load from them), links
        const build = {
          ...plan.build,
          items: plan.build.items.map((item) => ({
            ...item,
            from: resolve(item.from),
            to: resolve(item.to),
          })),
        };
        const skeleton = skeletonOfBuild(newId(), build);
        const operation = await createDeferredOperation(tx, {
          tenantId: actor.tenantId,
          kind,
          createdBy: actor.user.id,
          planId: stored.id,
          parameters: { build, feeStrategy: plan.view.feeStrategy },
          retryOf: plan.retryOf,
          skeleton,
          now: at,
        });
        if (middlemen.length > 0) {
          await context.linkMiddlemen?.(
            tx,
            operation.id,
            middlemen.map((m) => m.id),
          );
        }
        // 5. its job, and the audit entry
        const job = await insertJob(tx, {
          tenantId: actor.tenantId,
          kind: SOL_OPERATION_JOB_KIND,
          params: { operationId: operation.id },
          totalItems: walletsOf(operation.totalsJson),
          createdBy: actor.user.id,
          now: at,
        });
        await setOperationJob(tx, operation.id, job.id);
        await audit.recordSuccess(
          actor,
          'operation.create',
          {
            operationId: operation.id,
            kind,
            planId: stored.id,
            wallets: walletsOf(operation.totalsJson),
            transactions: plan.build.transactions.length,
            lamports: plan.view.amountLamports,
            fees: plan.view.costs.totalFeeLamports,
          },
          tx,
        );
        return { jobId: job.id, operationId: operation.id };
      });
      // 6. the queue hears of the job only once it and its operation are committed
      await jobs.dispatch(actor.tenantId, created.jobId);
      return created;
    },
  };

  async function middlemenFor(tx: TenantDatabase, actor: Actor, plan: StoredSolPlan) {
    if (plan.build.middlemen === 0) return [];
    if (!context.createMiddlemen) throw new Error('this server cannot generate middlemen');
    const made = await context.createMiddlemen(tx, {
      tenantId: actor.tenantId,
      count: plan.build.middlemen,
      createdBy: actor.user.id,
    });
    if (made.length !== plan.build.middlemen) throw new Error('fewer middlemen than planned');
    return made;
  }
}

export type SolExecuteService = ReturnType<typeof createSolExecuteService>;

function walletsOf(totals: Readonly<Record<string, number | string>>): number {
  const wallets = totals['wallets'];
  return typeof wallets === 'number' ? wallets : 0;
}
