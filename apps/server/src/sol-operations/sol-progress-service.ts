import type { EndpointPool } from '@fleet/chain';
import { FleetError, type DoubleDistributionProgress, type OperationDetail } from '@fleet/core';
import type { Actor } from '../http/actor';
import type { JobService } from '../jobs/job-service';
import type { LedgerService } from '../ledger/ledger-service';
import { readLamports } from './chain-balances';

/**
 * Spec 3 §7's double-distribution progress, answered from the job and the ledger: one result per
 * destination with its middleman, 'forwarded' once the second leg landed, 'failed' when either
 * leg landed with an error, 'pending' otherwise. Once the job is done, a middleman that did not
 * forward is listed with what it still holds, so it can be swept back.
 */
export function createSolProgressService(context: {
  readonly jobs: JobService;
  readonly ledger: LedgerService;
  readonly pool: EndpointPool;
}) {
  const { jobs, ledger, pool } = context;
  return {
    async doubleDistribution(actor: Actor, jobId: string): Promise<DoubleDistributionProgress> {
      const job = await jobs.get(actor, jobId);
      const operationId = await ledger.operationIdForJob(actor, jobId);
      if (!operationId) throw new FleetError('JOB__NOT_FOUND', { jobId });
      const operation = await ledger.getOperation(actor, operationId);
      if (operation.kind !== 'sol.double_distribution') {
        throw new FleetError('JOB__NOT_FOUND', { jobId });
      }
      const results = resultsOf(operation);
      if (job.isDone) {
        const stranded = results.filter((r) => r.status !== 'forwarded').map((r) => r.middleman);
        if (stranded.length > 0) {
          const held = await readLamports(pool, stranded);
          for (const result of results) {
            if (result.status !== 'forwarded') {
              result.middlemanLamports = (held.get(result.middleman) ?? 0n).toString();
            }
          }
        }
      }
      return {
        endpoint: pool.stats().endpoints.join(', ') || null,
        processedItems: job.processedItems,
        totalItems: job.totalItems,
        results,
        isDone: job.isDone,
        status: job.status,
        operationId,
      };
    },
  };
}

export type SolProgressService = ReturnType<typeof createSolProgressService>;

function resultsOf(operation: OperationDetail): DoubleDistributionProgress['results'] {
  const signatureOf = new Map<string, string>();
  for (const tx of operation.transactions) {
    if (tx.signature === null) continue;
    for (const itemId of tx.itemIds) signatureOf.set(itemId, tx.signature);
  }
  const firstByMiddleman = new Map(
    operation.items.filter((item) => item.leg === 'firstHop').map((item) => [item.to, item]),
  );
  return operation.items
    .filter((item) => item.leg === 'secondHop')
    .map((second) => {
      const first = firstByMiddleman.get(second.from);
      const failed = [first, second].find((item) => item?.status === 'failed');
      const status = failed ? 'failed' : second.status === 'confirmed' ? 'forwarded' : 'pending';
      return {
        destination: second.to,
        middleman: second.from,
        status,
        amountLamports: second.lamports,
        signature:
          signatureOf.get(second.id) ?? (first ? (signatureOf.get(first.id) ?? null) : null),
        error: failed?.failureReason ?? null,
        middlemanLamports: null,
      };
    });
}
