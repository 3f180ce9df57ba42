import { FleetError, lamports, type ExecutePlanResponse } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import type { JobService } from '../jobs/job-service';
import { consumePlan } from '../ledger/ledger-repository';
import { becomeMasterSpender } from '../ledger/master-spender';
import { recordTokenOperation } from '../token-operations/record-token-operation';
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
        await becomeMasterSpender(tx, actor.tenantId);
        // 2. the plan, consumed once
        const stored = await consumePlan(tx, planId, at);
        if (stored.kind !== TOKEN_BURN_PLAN_KIND) {
          throw new FleetError('PLAN__NOT_FOUND', { planId });
        }
        const build = storedBurnBuildSchema.parse(stored.plan);
        // 3. the operation, its items, its planned transactions, its job and the audit entry
        return recordTokenOperation(
          tx,
          actor,
          audit,
          {
            kind: TOKEN_BURN_JOB_KIND,
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
            transactions: build.transactions,
            wallets: build.wallets.length,
            audit: {
              wallets: build.wallets.length,
              accounts: build.items.length,
              transactions: build.transactions.length,
            },
          },
          at,
        );
      });
      await jobs.dispatch(actor.tenantId, created.jobId);
      return created;
    },
  };
}

export type BurnExecuteService = ReturnType<typeof createBurnExecuteService>;
