import { burnCheckedInstruction, closeAccountInstruction, type Address } from '@fleet/core';
import {
  recordTokenAccountCloses,
  type TokenAccountCloseRow,
} from '../close-history/close-history-repository';
import type { JobHandler } from '../jobs/job-handler';
import { deleteClosedTokenAccounts } from '../token-closes/stored-token-accounts';
import {
  createTokenOperationJob,
  positionsKey,
  type TokenOperationJob,
  type TokenOperationJobDeps,
  type TokenOperationParams,
} from '../token-operations/token-operation-job';
import { createBurnProgress } from './burn-progress';
import {
  storedBurnBuildSchema,
  type StoredBurnBuild,
  type StoredBurnTransaction,
} from './stored-burn-plan';

export const TOKEN_BURN_JOB_KIND = 'token.burn';

/**
 * Burns a plan's dust (issue 19) on the token-operation kernel: each account's BurnChecked of the
 * balance planned, then its CloseAccount, in the transactions as planned, the master paying. A
 * confirmation commits with its close-history rows (the amount burned beside the rent) and the
 * removal of the closed `wallet_token_accounts` rows. A transaction that lands failed (a balance
 * grew since the plan, so the close after the burn is refused and the whole transaction with it)
 * is reported, never retried: nothing of it burned.
 */
export function burnTokensJob(): TokenOperationJob<StoredBurnBuild> {
  const plannedByBuild = new WeakMap<StoredBurnBuild, Map<string, StoredBurnTransaction>>();
  /** The planned transaction of exactly these items. */
  const plannedFor = (build: StoredBurnBuild, positions: readonly number[]) => {
    let byItems = plannedByBuild.get(build);
    if (!byItems) {
      byItems = new Map(build.transactions.map((spec) => [positionsKey(spec.items), spec]));
      plannedByBuild.set(build, byItems);
    }
    const planned = byItems.get(positionsKey(positions));
    if (!planned) throw new Error('a burn transaction that is not in the plan');
    return planned;
  };
  const burnAt = (build: StoredBurnBuild, position: number) => {
    const burn = build.items[position];
    if (!burn) throw new Error(`item ${position} is not in the stored plan`);
    return burn;
  };

  return {
    kind: TOKEN_BURN_JOB_KIND,
    noun: 'burn',
    parseBuild: (operation) => storedBurnBuildSchema.parse(operation.parameters['build']),
    transaction: ({ build, positions }) => {
      const planned = plannedFor(build, positions);
      return {
        feePayer: build.master,
        instructions: positions.flatMap((position) => {
          const burn = burnAt(build, position);
          const account = burn.tokenAccount as Address;
          const owner = burn.wallet as Address;
          return [
            burnCheckedInstruction({
              program: burn.program,
              account,
              mint: burn.mint as Address,
              owner,
              amount: BigInt(burn.amount),
              decimals: burn.decimals,
            }),
            closeAccountInstruction({
              program: burn.program,
              account,
              destination: burn.destination as Address,
              owner,
            }),
          ];
        }),
        computeBudget: {
          unitLimit: planned.computeUnitLimit,
          microLamportsPerUnit: BigInt(build.microLamportsPerUnit),
        },
        plannedSize: planned.size,
      };
    },
    confirmed: async (tx, { build, operation, positions, transaction, now }) => {
      const rows: TokenAccountCloseRow[] = positions.map((position) => {
        const burn = burnAt(build, position);
        return {
          operationId: operation.id,
          walletId: burn.walletId,
          walletAddress: burn.wallet,
          mint: burn.mint,
          tokenAccount: burn.tokenAccount,
          program: burn.program,
          rentLamports: BigInt(burn.rentLamports),
          feeLamports: BigInt(burn.feeLamports),
          burnedRaw: BigInt(burn.amount),
          signature: transaction.signature ?? '',
          closedAt: now,
        };
      });
      await recordTokenAccountCloses(tx, rows);
      await deleteClosedTokenAccounts(
        tx,
        rows.map((row) => row.tokenAccount),
      );
    },
    progress: ({ build }) => {
      const counts = createBurnProgress(build);
      let done = false;
      return {
        final: (tx, positions) => counts.final(tx, positions),
        processed: () => counts.processedWallets(),
        message: () => counts.message(),
        report: (finished) => {
          if (finished && !done) {
            done = true;
            counts.finish();
          }
          return counts.report();
        },
      };
    },
  };
}

export function createBurnTokensJob(
  deps: TokenOperationJobDeps,
): JobHandler<TokenOperationParams, null> {
  return createTokenOperationJob(burnTokensJob(), deps);
}
