import { closeAccountInstruction, type Address, type LedgerItem } from '@fleet/core';
import {
  recordTokenAccountCloses,
  type TokenAccountCloseRow,
} from '../close-history/close-history-repository';
import type { JobHandler } from '../jobs/job-handler';
import {
  createTokenOperationJob,
  type TokenOperationParams,
  type TokenOperationJob,
  type TokenOperationJobDeps,
} from '../token-operations/token-operation-job';
import { createCloseProgress } from './close-progress';
import { closeTransactionsOf } from './close-transactions';
import { deleteClosedTokenAccounts } from './stored-token-accounts';
import { storedCloseBuildSchema, type StoredCloseBuild } from './stored-close-plan';

export const TOKEN_CLOSE_JOB_KIND = 'token.close';

/**
 * Closes a plan's token accounts (issue 19) on the token-operation kernel: each transaction's
 * CloseAccount instructions as planned, the master paying or an owner its own
 * (`close-transactions`); a confirmation commits with its close-history rows and the removal of
 * the closed `wallet_token_accounts` rows. A close that lands failed (an account gained a balance
 * since the plan) is reported, never retried.
 */
export function closeTokensJob(): TokenOperationJob<StoredCloseBuild> {
  const closeAt = (build: StoredCloseBuild, position: number) => {
    const close = build.items[position];
    if (!close) throw new Error(`item ${position} is not in the stored plan`);
    return close;
  };

  return {
    kind: TOKEN_CLOSE_JOB_KIND,
    noun: 'close',
    parseBuild: (operation) => storedCloseBuildSchema.parse(operation.parameters['build']),
    transaction: ({ build, positions }) => {
      const planned = closeTransactionsOf(build);
      return {
        feePayer: planned.feePayer(positions),
        instructions: positions.map((position) => {
          const close = closeAt(build, position);
          return closeAccountInstruction({
            program: close.program,
            account: close.tokenAccount as Address,
            destination: close.destination as Address,
            owner: close.wallet as Address,
          });
        }),
        computeBudget: {
          unitLimit: planned.computeUnitLimit(positions),
          microLamportsPerUnit: BigInt(build.microLamportsPerUnit),
        },
      };
    },
    replan: ({ build, positions }) => closeTransactionsOf(build).replan(positions),
    confirmed: async (tx, { build, operation, positions, transaction, now }) => {
      const fees = closeTransactionsOf(build).feeShares(positions);
      const rows: TokenAccountCloseRow[] = positions.map((position) => {
        const close = closeAt(build, position);
        return {
          operationId: operation.id,
          walletId: close.walletId,
          walletAddress: close.wallet,
          mint: close.mint,
          tokenAccount: close.tokenAccount,
          program: close.program,
          rentLamports: BigInt(close.rentLamports),
          feeLamports: fees.get(position) ?? 0n,
          burnedRaw: null,
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
    progress: ({ build, operation }) => {
      const positionOf = new Map(operation.items.map((item, index) => [item.id, index]));
      const closeOf = (item: LedgerItem) => closeAt(build, positionOf.get(item.id) ?? -1);
      const counts = createCloseProgress({
        build,
        ownerOf: (item) => closeOf(item).wallet,
        rentOf: (item) => item.amount,
      });
      let done = false;
      return {
        final: (tx, positions) => {
          const items = positions.map((position) => operation.items[position] as LedgerItem);
          // The fee a landed transaction paid: the plan's, which signed the same, or its cut's.
          const fee = [...closeTransactionsOf(build).feeShares(positions).values()].reduce(
            (a, b) => a + b,
            0n,
          );
          counts.final(tx, items, fee);
        },
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

export function createCloseTokensJob(
  deps: TokenOperationJobDeps,
): JobHandler<TokenOperationParams, null> {
  return createTokenOperationJob(closeTokensJob(), deps);
}
