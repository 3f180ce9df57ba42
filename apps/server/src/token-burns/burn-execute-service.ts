import { FleetError, lamports, plannedTransaction, type ExecutePlanResponse } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { insertJob } from '../jobs/job-repository';
import type { JobService } from '../jobs/job-service';
import { consumePlan } from '../ledger/ledger-repository';
import { createOperation, setOperationJob } from '../ledger/operation-repository';
import { insertPlannedTransactions } from '../ledger/transaction-repository';
import { TOKEN_BURN_PLAN_KIND } from './burn-plan-service';
import { TOKEN_BURN_JOB_KIND } from './burn-tokens-job';
import { storedBurnBuildSchema } from './stored-burn-plan';

/**
 * Executing a burn plan: the plan consumed, the operation with one `burn` item per account (token
 * account → rent destination, lamports = rent, with its mint and program) and its planned
 * transactions, the job and the audit entry in one tenant transaction, as the close does; the
 * queue hears of the job after the commit.
 */
export function createBurnExecuteService(context: {
  readonly db: FleetDatabase;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly now: () => Date;
}) {
  const { db, jobs, audit, now } = context;
  return {
    async execute(actor: Actor, planId: string): Promise<ExecutePlanResponse> {
      const created = await withTenant(db, actor.tenantId, async (tx) => {
        const at = now();
        // 1. one spender of the master at a time (it pays every burn's fee)
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`fleet.master.${actor.tenantId}`}))`,
        );
        // 2. the plan, consumed once
        const stored = await consumePlan(tx, planId, at);
        if (stored.kind !== TOKEN_BURN_PLAN_KIND) {
          throw new FleetError('PLAN__NOT_FOUND', { planId });
        }
        const build = storedBurnBuildSchema.parse(stored.plan);
        const busy = await tx.execute<{ id: string }>(sql`
          select o.id from operations o join jobs j on j.id = o.job_id
          where o.status in ('planned', 'running') and j.status in ('queued', 'running')
          limit 1`);
        const open = busy.rows[0];
        if (open) throw new FleetError('OPERATION__MASTER_BUSY', { operationId: open.id });
        // 3. the operation, its items and its transactions, planned before anything is signed
        const operation = await createOperation(tx, {
          tenantId: actor.tenantId,
          kind: TOKEN_BURN_PLAN_KIND,
          createdBy: actor.user.id,
          planId: stored.id,
          parameters: { build },
          items: build.items.map((item) => ({
            leg: 'burn' as const,
            walletId: item.walletId,
            from: item.tokenAccount,
            to: item.destination,
            lamports: lamports(BigInt(item.rentLamports)),
            mint: item.mint,
            program: item.program,
          })),
          now: at,
        });
        await insertPlannedTransactions(tx, {
          tenantId: actor.tenantId,
          operationId: operation.id,
          now: at,
          transactions: build.transactions.map((spec) => ({
            transaction: plannedTransaction(
              randomUUID(),
              operation.id,
              spec.items.map((position) => {
                const item = operation.items[position];
                if (!item) throw new RangeError(`the plan names item ${position} it lacks`);
                return item.id;
              }),
            ),
          })),
        });
        // 4. its job, and the audit entry
        const job = await insertJob(tx, {
          tenantId: actor.tenantId,
          kind: TOKEN_BURN_JOB_KIND,
          params: { operationId: operation.id },
          totalItems: build.wallets.length,
          createdBy: actor.user.id,
          now: at,
        });
        await setOperationJob(tx, operation.id, job.id);
        await audit.recordSuccess(
          actor,
          'operation.create',
          {
            operationId: operation.id,
            kind: TOKEN_BURN_PLAN_KIND,
            planId: stored.id,
            wallets: build.wallets.length,
            accounts: build.items.length,
            transactions: build.transactions.length,
          },
          tx,
        );
        return { jobId: job.id, operationId: operation.id };
      });
      await jobs.dispatch(actor.tenantId, created.jobId);
      return created;
    },
  };
}

export type BurnExecuteService = ReturnType<typeof createBurnExecuteService>;
