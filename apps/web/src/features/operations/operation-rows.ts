import {
  formatLamportsAsSol,
  formatTokenAmount,
  groupThousands,
  type OperationDetail,
  type OperationKindName,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';

type OperationItem = OperationDetail['items'][number];

/** One line of an operation's report: the wallet, what moved, where it stands, its signature. */
export interface ReportRow {
  readonly id: string;
  /** The fleet wallet the line is about: the source of a withdrawal, the recipient otherwise. */
  readonly wallet: string;
  readonly counterparty: string;
  readonly leg: OperationItem['leg'];
  readonly amount: string;
  readonly status: OperationItem['status'];
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

/** The operations whose items leave the fleet's wallets (the wallet is the item's source). */
const FROM_THE_FLEET: ReadonlySet<OperationKindName> = new Set(['sol.aggregate', 'token.withdraw']);

/**
 * What an item moves: SOL, or a token leg's raw amount at its mint's decimals when the caller
 * knows them (else the raw units, said as such), then the mint, and the rent moving with it.
 */
export function itemAmountText(
  item: Pick<OperationItem, 'lamports' | 'mint' | 'tokenAmount'>,
  tokenDecimals: ReadonlyMap<string, number>,
): string {
  const sol = `${formatLamportsAsSol(BigInt(item.lamports), 6)} SOL`;
  if (item.tokenAmount == null || item.mint == null) return sol;
  const decimals = tokenDecimals.get(item.mint);
  const tokens =
    decimals === undefined
      ? `${groupThousands(item.tokenAmount)} raw`
      : formatTokenAmount(item.tokenAmount, decimals, decimals);
  const rent = item.lamports === '0' ? '' : ` + ${sol} rent`;
  return `${tokens} ${shortenAddress(item.mint)}${rent}`;
}

const NO_DECIMALS: ReadonlyMap<string, number> = new Map();

/**
 * The report rows of an operation (issue 17: each wallet's amount, signature and error). An item's
 * signature is the newest transaction that carries it and has one; a failed item reads the
 * transaction's reason when it has none of its own. A token operation's amounts are shown at the
 * decimals of `tokenDecimals`, by mint.
 */
export function reportRows(
  operation: OperationDetail,
  tokenDecimals: ReadonlyMap<string, number> = NO_DECIMALS,
): readonly ReportRow[] {
  // Later transactions win, but an expired one never hides a signature that can still land.
  const byItem = new Map<string, OperationDetail['transactions'][number]>();
  for (const tx of operation.transactions) {
    for (const itemId of tx.itemIds) {
      const known = byItem.get(itemId);
      const better = known === undefined || known.state === 'expired' || tx.state !== 'expired';
      if (better) byItem.set(itemId, tx);
    }
  }
  const withdrawal = FROM_THE_FLEET.has(operation.kind);
  return operation.items.map((item) => {
    const tx = byItem.get(item.id);
    return {
      id: item.id,
      wallet: withdrawal ? item.from : item.to,
      counterparty: withdrawal ? item.to : item.from,
      leg: item.leg,
      amount: itemAmountText(item, tokenDecimals),
      status: item.status,
      signature: tx?.signature ?? null,
      error: item.failureReason ?? (item.status === 'failed' ? (tx?.failureReason ?? null) : null),
    };
  });
}

/**
 * The summary line of an operation in the history list. An SPL transfer's lamports are only the
 * rent moving with its tokens, so its line counts the wallets alone.
 */
export function operationLine(operation: Pick<OperationDetail, 'kind' | 'totals'>): string {
  const { totals } = operation;
  const counts = `${totals.succeeded}/${totals.wallets} succeeded, ${totals.failed} failed`;
  if (operation.kind === 'token.withdraw' || operation.kind === 'token.distribute') return counts;
  return `${counts} · ${formatLamportsAsSol(BigInt(totals.succeededLamports), 6)} of ${formatLamportsAsSol(BigInt(totals.plannedLamports), 6)} SOL`;
}
