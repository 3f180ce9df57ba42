import {
  exhaustiveSwitchError,
  solAmountText,
  type AggregatePlanRequest,
  type DistributePlanRequest,
  type DoubleDistributionPlanRequest,
  type OperationDetail,
} from '@fleet/core';

type OperationItem = OperationDetail['items'][number];

/**
 * "Retry failed" (issue 17): a transaction that landed with an error is final for its items, so a
 * retry is a new operation, planned and confirmed like any other, for the failed wallets alone.
 * Each kind's request names exactly those wallets with what the first attempt meant for them.
 */
export type RetryRequest =
  | {
      readonly kind: 'sol.distribute';
      readonly wallets: number;
      readonly request: DistributePlanRequest;
    }
  | {
      readonly kind: 'sol.aggregate';
      readonly wallets: number;
      readonly request: AggregatePlanRequest;
    }
  | {
      readonly kind: 'sol.double_distribution';
      readonly wallets: number;
      readonly request: DoubleDistributionPlanRequest;
    };

/** The items that are the operation's current word on a wallet: a retried item is not. */
function currentItems(operation: Pick<OperationDetail, 'items'>): readonly OperationItem[] {
  const retried = new Set(operation.items.flatMap((item) => (item.retryOf ? [item.retryOf] : [])));
  return operation.items.filter((item) => !retried.has(item.id));
}

/**
 * A two-hop distribution's failed destinations: the second leg (middleman → destination), whose
 * lamports are what the destination was to receive, when it or its first leg failed.
 */
function failedSecondHops(items: readonly OperationItem[]): readonly OperationItem[] {
  const firstByMiddleman = new Map(
    items.filter((item) => item.leg === 'firstHop').map((item) => [item.to, item]),
  );
  return items.filter(
    (item) =>
      item.leg === 'secondHop' &&
      (item.status === 'failed' || firstByMiddleman.get(item.from)?.status === 'failed'),
  );
}

/**
 * The failed items a retry pays again, one per wallet: the direct items of a distribution or a
 * withdrawal, the second legs of a two-hop distribution. Pending, sent or forwarded items are not
 * failed: they may still land.
 */
export function failedItems(
  operation: Pick<OperationDetail, 'kind' | 'items'>,
): readonly OperationItem[] {
  const items = currentItems(operation);
  switch (operation.kind) {
    case 'sol.distribute':
    case 'sol.aggregate':
      return items.filter((item) => item.leg === 'direct' && item.status === 'failed');
    case 'sol.double_distribution':
      return failedSecondHops(items);
    case 'token.close':
    case 'token.burn':
    case 'token.withdraw':
    case 'token.distribute':
      // A token operation that failed on chain is reported, never retried from here: a new plan
      // reads the accounts again.
      return [];
    default:
      return exhaustiveSwitchError(operation.kind);
  }
}

/**
 * The plan request of a retry, or null when no wallet failed. A distribution sends the same
 * amounts to the failed recipients (by wallet id when the item has one, else by address); a
 * withdrawal sweeps the failed sources with the fee strategy it ran with (master when unknown); a
 * two-hop distribution pays the failed destinations their amounts through fresh middlemen.
 */
export function retryRequest(
  operation: Pick<OperationDetail, 'id' | 'kind' | 'items' | 'feeStrategy'>,
): RetryRequest | null {
  // The server links the retry to this operation and refuses a second retry of it.
  const retryOf = operation.id;
  const failed = failedItems(operation);
  if (failed.length === 0) return null;
  const wallets = failed.length;
  switch (operation.kind) {
    case 'sol.distribute':
      return {
        kind: operation.kind,
        wallets,
        request: {
          recipients: failed.map((item) => {
            const amountSol = solAmountText(BigInt(item.lamports));
            return item.walletId === null
              ? { address: item.to, amountSol }
              : { walletId: item.walletId, amountSol };
          }),
          retryOf,
        },
      };
    case 'sol.aggregate': {
      const feeStrategy = operation.feeStrategy ?? 'master';
      // The route takes ids or addresses, not both: ids when every failed source has one.
      const ids = failed.flatMap((item) => (item.walletId === null ? [] : [item.walletId]));
      return {
        kind: operation.kind,
        wallets,
        request:
          ids.length === failed.length
            ? { walletIds: ids, feeStrategy, retryOf }
            : { addresses: failed.map((item) => item.from), feeStrategy, retryOf },
      };
    }
    case 'sol.double_distribution':
      return {
        kind: operation.kind,
        wallets,
        request: {
          recipients: failed.map((item) => ({
            destination: item.to,
            amountLamports: item.lamports,
          })),
          retryOf,
        },
      };
    case 'token.close':
    case 'token.burn':
    case 'token.withdraw':
    case 'token.distribute':
      return null;
    default:
      return exhaustiveSwitchError(operation.kind);
  }
}

/**
 * Whether a report offers "Retry failed": some wallet failed and the operation is over (its job is
 * done, or the server marked it finished), so the retry never races the first attempt.
 */
export function canRetryFailed(
  operation: Pick<OperationDetail, 'kind' | 'items' | 'finishedAt' | 'retriedBy'>,
  jobDone: boolean,
): boolean {
  // Retried once already: its failures are the newer operation's to retry, never paid twice.
  if (operation.retriedBy !== null) return false;
  const over = jobDone || operation.finishedAt !== null;
  return over && failedItems(operation).length > 0;
}
