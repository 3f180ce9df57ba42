import { FleetError, lamports, type ExecutePlanResponse } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import type { JobService } from '../jobs/job-service';
import { consumePlan } from '../ledger/ledger-repository';
import { becomeMasterSpender } from '../ledger/master-spender';
import { recordTokenOperation } from '../token-operations/record-token-operation';
import { storedTokenTransferBuildSchema } from './stored-token-transfer-plan';

export type TokenTransferKind = 'token.withdraw' | 'token.distribute';

/** The part of a stored plan's view the execution reads: whether it may run, and why not. */
const storedViewSchema = z.object({
  ready: z.boolean(),
  problems: z.array(z.object({ message: z.string(), blocking: z.boolean() })),
});

/**
 * Executing an SPL plan: the plan consumed, the operation with one `tokenTransfer` item per
 * account moved (source → destination, the raw amount, the rent moving with it as lamports), its
 * planned transactions, the job and the audit entry in one tenant transaction; the queue hears of
 * the job after the commit. What the job signs is the plan's build, as stored.
 */
export function createTokenTransferExecuteService(context: {
  readonly db: FleetDatabase;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly now: () => Date;
}) {
  const { db, jobs, audit, now } = context;
  return {
    async execute(
      actor: Actor,
      kind: TokenTransferKind,
      planId: string,
    ): Promise<ExecutePlanResponse> {
      const created = await withTenant(db, actor.tenantId, async (tx) => {
        const at = now();
        // 1. one spender of the master at a time (it pays every fee and rent)
        await becomeMasterSpender(tx, actor.tenantId);
        // 2. the plan, consumed once, of this kind, and runnable as it stands
        const stored = await consumePlan(tx, planId, at);
        if (stored.kind !== kind) throw new FleetError('PLAN__NOT_FOUND', { planId });
        const plan = z
          .object({ view: storedViewSchema, build: storedTokenTransferBuildSchema })
          .parse(stored.plan);
        if (!plan.view.ready) {
          const reason =
            plan.view.problems.find((problem) => problem.blocking)?.message ?? 'nothing to send';
          throw new FleetError('SOL_PLAN__NOT_READY', { reason });
        }
        const { build } = plan;
        // 3. the operation, its items, its planned transactions, its job and the audit entry
        return recordTokenOperation(
          tx,
          actor,
          audit,
          {
            kind,
            planId: stored.id,
            parameters: { build },
            items: build.items.map((item) => ({
              leg: 'tokenTransfer' as const,
              walletId: item.walletId,
              from: item.source,
              to: item.destination,
              lamports: lamports(BigInt(item.rentLamports)),
              mint: item.mint,
              program: item.program,
              tokenAmount: BigInt(item.amount),
            })),
            transactions: build.transactions,
            wallets: build.wallets.length,
            audit: {
              wallets: build.wallets.length,
              transfers: build.items.length,
              mints: [...new Set(build.items.map((item) => item.mint))],
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

export type TokenTransferExecuteService = ReturnType<typeof createTokenTransferExecuteService>;
