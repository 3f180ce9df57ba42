import { formatLamportsAsSol, type OperationDetail, type OperationKindName } from '@fleet/core';

/** One line of an operation's report: the wallet, what moved, where it stands, its signature. */
export interface ReportRow {
  readonly id: string;
  /** The fleet wallet the line is about: the source of a withdrawal, the recipient otherwise. */
  readonly wallet: string;
  readonly counterparty: string;
  readonly leg: OperationDetail['items'][number]['leg'];
  readonly amount: string;
  readonly status: OperationDetail['items'][number]['status'];
  readonly signature: string | null;
  readonly error: string | null;
}

export const KIND_LABELS: Readonly<Record<OperationKindName, string>> = {
  'sol.distribute': 'Distribute SOL',
  'sol.aggregate': 'Withdraw SOL to master',
  'sol.double_distribution': '2-hop distribution',
  'token.close': 'Close token accounts',
  'token.burn': 'Burn token dust',
  'token.withdraw': 'Withdraw SPL tokens to master',
  'token.distribute': 'Distribute SPL tokens',
};

/**
 * The report rows of an operation (issue 17: each wallet's amount, signature and error). An item's
 * signature is the newest transaction that carries it and has one; a failed item reads the
 * transaction's reason when it has none of its own.
 */
export function reportRows(operation: OperationDetail): readonly ReportRow[] {
  // Later transactions win, but an expired one never hides a signature that can still land.
  const byItem = new Map<string, OperationDetail['transactions'][number]>();
  for (const tx of operation.transactions) {
    for (const itemId of tx.itemIds) {
      const known = byItem.get(itemId);
      const better = known === undefined || known.state === 'expired' || tx.state !== 'expired';
      if (better) byItem.set(itemId, tx);
    }
  }
  const withdrawal = operation.kind === 'sol.aggregate';
  return operation.items.map((item) => {
    const tx = byItem.get(item.id);
    return {
      id: item.id,
      wallet: withdrawal ? item.from : item.to,
      counterparty: withdrawal ? item.to : item.from,
      leg: item.leg,
      amount: `${formatLamportsAsSol(BigInt(item.lamports), 6)} SOL`,
      status: item.status,
      signature: tx?.signature ?? null,
      error: item.failureReason ?? (item.status === 'failed' ? (tx?.failureReason ?? null) : null),
    };
  });
}

/** The summary line of an operation in the history list. */
export function operationLine(operation: Pick<OperationDetail, 'kind' | 'totals'>): string {
  const { totals } = operation;
  return `${totals.succeeded}/${totals.wallets} succeeded, ${totals.failed} failed · ${formatLamportsAsSol(BigInt(totals.succeededLamports), 6)} of ${formatLamportsAsSol(BigInt(totals.plannedLamports), 6)} SOL`;
}
