import type { EndpointPool } from '@fleet/chain';
import { FleetError, tokenTransferBodyInstructions, type Address, type Clock } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler } from '../jobs/job-handler';
import {
  createTokenOperationJob,
  positionsKey,
  type TokenOperationJob,
  type TokenOperationJobDeps,
  type TokenOperationParams,
} from '../token-operations/token-operation-job';
import {
  storedTokenTransferBuildSchema,
  transferItemOf,
  type StoredTokenTransferBuild,
} from './stored-token-transfer-plan';
import { createTokenBalancesAfter, type WatchedTokenAccount } from './token-balances-after';
import type { TokenTransferKind } from './token-transfer-execute-service';
import { createTokenTransferProgress } from './token-transfer-progress';

/**
 * An SPL withdrawal or distribution (issue 19) on the token-operation kernel: each transaction
 * signed as planned (the master paying, each owner whose tokens move signing once), its bytes
 * checked against the planned size; a transaction that lands failed (a source balance that fell
 * since the plan) is reported, never retried. As transactions land, the fleet's token accounts
 * they moved are read back from the chain and stored, so the wallet list shows the tokens moved.
 */
export function tokenTransferJob(
  kind: TokenTransferKind,
  deps: {
    readonly db: FleetDatabase;
    readonly pool: EndpointPool;
    readonly clock: Clock;
    readonly logger: FastifyBaseLogger;
  },
): TokenOperationJob<StoredTokenTransferBuild> {
  const plannedByBuild = new WeakMap<
    StoredTokenTransferBuild,
    Map<string, StoredTokenTransferBuild['transactions'][number]>
  >();
  /** The planned transaction of exactly these items (a re-planned one keeps its items). */
  const plannedFor = (build: StoredTokenTransferBuild, positions: readonly number[]) => {
    let byItems = plannedByBuild.get(build);
    if (!byItems) {
      byItems = new Map(build.transactions.map((spec) => [positionsKey(spec.items), spec]));
      plannedByBuild.set(build, byItems);
    }
    const planned = byItems.get(positionsKey(positions));
    if (!planned) throw new Error(`a ${kind} transaction that is not in the plan`);
    return planned;
  };
  const itemAt = (build: StoredTokenTransferBuild, position: number) => {
    const item = build.items[position];
    if (!item) throw new Error(`item ${position} is not in the stored plan`);
    return item;
  };

  return {
    kind,
    noun: kind === 'token.withdraw' ? 'withdrawal' : 'distribution',
    parseBuild: (operation) => {
      const build = storedTokenTransferBuildSchema.parse(operation.parameters['build']);
      if (build.kind !== kind)
        throw new FleetError('OPERATION__NOT_FOUND', { operationId: operation.id });
      return build;
    },
    transaction: ({ build, positions, items }) => {
      const planned = plannedFor(build, positions);
      return {
        feePayer: build.master,
        instructions: tokenTransferBodyInstructions({
          feePayer: build.master as Address,
          items: positions.map((position, index) =>
            transferItemOf(itemAt(build, position), items[index]?.id ?? String(position)),
          ),
        }),
        computeBudget: {
          unitLimit: planned.computeUnitLimit,
          microLamportsPerUnit: BigInt(build.microLamportsPerUnit),
        },
        plannedSize: planned.size,
      };
    },
    progress: ({ build, operation }) => {
      const counts = createTokenTransferProgress({ build, operationId: operation.id });
      // The fleet's token accounts the operation moves: a withdrawal's sources, a distribution's
      // recipients' accounts (a wallet of the tenant's only; the master is not in the list).
      const watched = new Map<string, { positions: number[]; account: WatchedTokenAccount }>();
      build.items.forEach((item, position) => {
        if (item.walletId === null) return;
        const tokenAccount = kind === 'token.withdraw' ? item.source : item.destination;
        const entry = watched.get(tokenAccount) ?? {
          positions: [],
          account: {
            walletId: item.walletId,
            wallet: item.wallet,
            tokenAccount,
            decimals: item.decimals,
          },
        };
        entry.positions.push(position);
        watched.set(tokenAccount, entry);
      });
      const balances = createTokenBalancesAfter({
        db: deps.db,
        pool: deps.pool,
        clock: deps.clock,
        logger: deps.logger,
        tenantId: operation.tenantId,
        watched: [...watched.values()],
      });
      return {
        final: (tx, positions) => {
          counts.final(tx, positions);
          balances.itemsDone(positions);
        },
        processed: () => counts.processed(),
        message: () => counts.message(),
        report: (done) => counts.report(done),
        finish: () => balances.finish(),
      };
    },
  };
}

/** The job handlers of both kinds, for the composition root. */
export function createTokenTransferJobs(
  deps: TokenOperationJobDeps,
): JobHandler<TokenOperationParams, null>[] {
  return (['token.withdraw', 'token.distribute'] as const).map((kind) =>
    createTokenOperationJob(tokenTransferJob(kind, deps), deps),
  );
}
