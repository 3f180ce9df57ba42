import { exhaustiveSwitchError } from '../errors/fleet-error';
import type { Lamports } from '../primitives/lamports';
import type { LedgerTransaction } from './transaction-state';

/**
 * A money operation and what it owns (issue 17): one item per recipient or source wallet and leg,
 * and the transactions that pay them. Item and operation statuses are derived from the
 * transactions, never stored beside them, so they cannot disagree with what the chain said.
 */
export type OperationKind =
  | 'distributeSol'
  | 'distributeSolTwoHop'
  | 'aggregateSol'
  | 'closeTokenAccounts'
  | 'burnTokenAccounts'
  | 'withdrawTokens'
  | 'distributeTokens';

/**
 * `direct`: one transfer. A two-hop distribution pays each recipient through an intermediate
 * wallet: `firstHop` (master → intermediate) then `secondHop` (intermediate → recipient).
 * `close`: a token account closed, its rent (the item's amount) going from the account to the
 * rent destination. `burn`: a token account's balance burned and the account closed in the same
 * transaction, its rent (the item's amount) going to the rent destination. `tokenTransfer`: SPL
 * tokens moved from one token account (`from`) to another (`to`), the amount in the raw units of
 * the item's mint. Every token leg names its mint and program.
 */
export type ItemLeg = 'direct' | 'firstHop' | 'secondHop' | 'close' | 'burn' | 'tokenTransfer';

export interface LedgerItem {
  readonly id: string;
  readonly operationId: string;
  /** The wallet the operation is about: a recipient (distribute) or a source (aggregate). */
  readonly wallet: string;
  readonly leg: ItemLeg;
  readonly from: string;
  readonly to: string;
  readonly amount: Lamports;
  /** The failed item this one retries, or null for an item of the original plan. */
  readonly retryOf: string | null;
}

export interface LedgerOperation {
  readonly id: string;
  readonly kind: OperationKind;
  readonly tenantId: string;
  /** Who started it (a user id), for the audit trail. */
  readonly createdBy: string;
  /** The request as given (fee strategy, amounts as text...), stored whole with the plan. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly items: readonly LedgerItem[];
  readonly transactions: readonly LedgerTransaction[];
}

/**
 * `sent`: a transaction for it is signed or broadcast and may land. `forwarded`: a first hop that
 * landed; the money is at the intermediate wallet, not yet at the recipient.
 */
export type ItemStatus =
  | { readonly kind: 'pending' }
  | { readonly kind: 'sent' }
  | { readonly kind: 'forwarded' }
  | { readonly kind: 'confirmed' }
  | { readonly kind: 'failed'; readonly reason: string };

/** Each item's transactions, so that the status of every item is one lookup, not a scan. */
export type TransactionsByItem = ReadonlyMap<string, readonly LedgerTransaction[]>;

export function transactionsByItem(transactions: readonly LedgerTransaction[]): TransactionsByItem {
  const byItem = new Map<string, LedgerTransaction[]>();
  for (const tx of transactions) {
    for (const itemId of tx.itemIds) {
      const list = byItem.get(itemId);
      if (list) list.push(tx);
      else byItem.set(itemId, [tx]);
    }
  }
  return byItem;
}

function isIndex(
  transactions: readonly LedgerTransaction[] | TransactionsByItem,
): transactions is TransactionsByItem {
  return transactions instanceof Map;
}

/**
 * An item's status from the transactions that name it. A confirmed transaction wins (the money
 * moved); then one that landed with an error (final: the item is failed with the chain's
 * reason); then one that may still land; otherwise (none yet, or all expired) it is pending and
 * waits to be (re)planned.
 */
export function itemStatus(
  item: LedgerItem,
  transactions: readonly LedgerTransaction[] | TransactionsByItem,
): ItemStatus {
  const mine = isIndex(transactions)
    ? (transactions.get(item.id) ?? [])
    : transactions.filter((tx) => tx.itemIds.includes(item.id));
  if (mine.some((tx) => tx.state === 'confirmed')) {
    return item.leg === 'firstHop' ? { kind: 'forwarded' } : { kind: 'confirmed' };
  }
  const failed = mine.find((tx) => tx.state === 'failed');
  if (failed) return { kind: 'failed', reason: failed.failureReason ?? 'failed on chain' };
  if (mine.some((tx) => tx.state === 'signed' || tx.state === 'sent')) return { kind: 'sent' };
  return { kind: 'pending' };
}

export type OperationStatus = 'planned' | 'running' | 'succeeded' | 'partlyFailed' | 'failed';

export interface OperationTotals {
  /** Wallets the operation is about (for a two-hop distribution, recipients, not legs). */
  readonly wallets: number;
  readonly pending: number;
  readonly sent: number;
  /** Two-hop recipients whose money is at the intermediate wallet. */
  readonly forwarded: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly plannedLamports: Lamports;
  readonly succeededLamports: Lamports;
  readonly failedLamports: Lamports;
}

export interface OperationSummary {
  readonly status: OperationStatus;
  readonly totals: OperationTotals;
}

type WalletOutcome = 'pending' | 'sent' | 'forwarded' | 'succeeded' | 'failed';

/**
 * One outcome per wallet of the report: a wallet counts as succeeded when its direct or second-hop
 * item is confirmed, failed when its latest item failed, and otherwise by its least advanced leg.
 * Retries replace the items they retry, so a wallet that failed then succeeded on retry counts
 * once, as succeeded.
 */
function walletOutcomes(operation: LedgerOperation): Map<
  string,
  {
    readonly outcome: WalletOutcome;
    readonly amount: Lamports;
  }
> {
  const retried = new Set(operation.items.flatMap((item) => (item.retryOf ? [item.retryOf] : [])));
  const current = operation.items.filter((item) => !retried.has(item.id));
  const byItem = transactionsByItem(operation.transactions);
  const byWallet = new Map<string, LedgerItem[]>();
  for (const item of current) {
    const list = byWallet.get(item.wallet) ?? [];
    list.push(item);
    byWallet.set(item.wallet, list);
  }
  const outcomes = new Map<string, { outcome: WalletOutcome; amount: Lamports }>();
  for (const [wallet, items] of byWallet) {
    const final = items.find((item) => item.leg !== 'firstHop') ?? items[0];
    if (!final) continue;
    const statuses = items.map((item) => ({
      item,
      status: itemStatus(item, byItem),
    }));
    outcomes.set(wallet, { outcome: combine(statuses.map((s) => s.status)), amount: final.amount });
  }
  return outcomes;
}

function combine(statuses: readonly ItemStatus[]): WalletOutcome {
  if (statuses.some((status) => status.kind === 'failed')) return 'failed';
  if (statuses.some((status) => status.kind === 'confirmed')) {
    // A second hop confirmed means the recipient is paid; its first hop is then forwarded.
    return 'succeeded';
  }
  if (statuses.some((status) => status.kind === 'sent')) return 'sent';
  if (statuses.some((status) => status.kind === 'forwarded')) return 'forwarded';
  return 'pending';
}

export function summarizeOperation(operation: LedgerOperation): OperationSummary {
  const counts: Record<WalletOutcome, number> = {
    pending: 0,
    sent: 0,
    forwarded: 0,
    succeeded: 0,
    failed: 0,
  };
  let plannedLamports = 0n;
  let succeededLamports = 0n;
  let failedLamports = 0n;
  const outcomes = walletOutcomes(operation);
  for (const { outcome, amount } of outcomes.values()) {
    counts[outcome] += 1;
    plannedLamports += amount;
    if (outcome === 'succeeded') succeededLamports += amount;
    if (outcome === 'failed') failedLamports += amount;
  }
  const wallets = outcomes.size;
  const totals: OperationTotals = {
    wallets,
    ...counts,
    plannedLamports: plannedLamports as Lamports,
    succeededLamports: succeededLamports as Lamports,
    failedLamports: failedLamports as Lamports,
  };
  return Object.freeze({
    status: operationStatus(totals, operation),
    totals: Object.freeze(totals),
  });
}

function operationStatus(totals: OperationTotals, operation: LedgerOperation): OperationStatus {
  const open = totals.pending + totals.sent + totals.forwarded;
  if (open > 0) {
    return operation.transactions.some((tx) => tx.state !== 'planned') ? 'running' : 'planned';
  }
  if (totals.failed === 0) return 'succeeded';
  return totals.succeeded === 0 ? 'failed' : 'partlyFailed';
}

/**
 * The report line of spec 2 §8 for a finished operation ("X out of Y wallets succeeded" for a
 * distribution, "Aggregated SOL: x/y succeeded" for a withdrawal to the master).
 */
export function operationReport(operation: LedgerOperation): string {
  const { totals } = summarizeOperation(operation);
  switch (operation.kind) {
    case 'distributeSol':
    case 'distributeSolTwoHop':
      return `${totals.succeeded} out of ${totals.wallets} wallets succeeded`;
    case 'aggregateSol':
      return `Aggregated SOL: ${totals.succeeded}/${totals.wallets} succeeded`;
    case 'closeTokenAccounts':
      return `Closed token accounts: ${totals.succeeded}/${totals.wallets} succeeded`;
    case 'burnTokenAccounts':
      return `Burned token accounts: ${totals.succeeded}/${totals.wallets} succeeded`;
    case 'withdrawTokens':
      return `Withdrew SPL tokens: ${totals.succeeded}/${totals.wallets} succeeded`;
    case 'distributeTokens':
      return `${totals.succeeded} out of ${totals.wallets} wallets succeeded`;
    default:
      return exhaustiveSwitchError(operation.kind);
  }
}

/**
 * "Retry failed": new items for the failed ones alone (new ids, same wallets, legs and amounts,
 * linked to the originals). A failed item is never re-sent as itself: its transaction landed, so
 * it is final, and the retry is a new payment the operator asked for. An item already retried is
 * not retried again (its retry is, if that fails too). A failed second hop is retried from the
 * intermediate wallet, where the first hop left the money.
 */
export function retryFailedItems(
  operation: LedgerOperation,
  newItemId: (original: LedgerItem) => string,
): readonly LedgerItem[] {
  const retried = new Set(operation.items.flatMap((item) => (item.retryOf ? [item.retryOf] : [])));
  return Object.freeze(
    operation.items
      .filter(
        (item) =>
          !retried.has(item.id) && itemStatus(item, operation.transactions).kind === 'failed',
      )
      .map((item) => Object.freeze({ ...item, id: newItemId(item), retryOf: item.id })),
  );
}

/**
 * Items that may be put in a new transaction now: pending, and every transaction that named them
 * expired (none still planned, signed or sent). A guard for the planner of the next attempt; the
 * state machine already only answers `replanItems` from `expired`.
 */
export function replannableItems(operation: LedgerOperation): readonly LedgerItem[] {
  return operation.items.filter(
    (item) =>
      itemStatus(item, operation.transactions).kind === 'pending' &&
      operation.transactions.every((tx) => !tx.itemIds.includes(item.id) || tx.state === 'expired'),
  );
}
