import {
  formatLamportsAsSol,
  formatSolExact,
  type PlanCostsView,
  type PlanWalletView,
  type SolPlanView,
} from '@fleet/core';

/** Amounts in operations show with 6 decimals (spec 2 §9). */
export function sol6(lamportsText: string): string {
  return `${formatLamportsAsSol(BigInt(lamportsText), 6)} SOL`;
}

/** Fees are a few hundred lamports: shown to the lamport, so 150 never reads as 0.000000. */
export function feeSol(lamportsText: string): string {
  return `${formatSolExact(BigInt(lamportsText))} SOL`;
}

export interface CostLine {
  readonly label: string;
  readonly value: string;
}

/** The plan's money at a glance: what moves, in how many transactions, and what the fees are. */
export function planCostLines(plan: SolPlanView): readonly CostLine[] {
  const { costs } = plan;
  const lines: CostLine[] = [
    { label: 'Amount', value: sol6(plan.amountLamports) },
    { label: 'Transactions', value: costs.transactions.toLocaleString('en-US') },
    { label: 'Network fees', value: feeSol(costs.networkFeeLamports) },
    { label: 'Priority fees', value: feeSol(costs.priorityFeeLamports) },
  ];
  if (costs.lookupTableFeeLamports !== '0' || costs.lookupTableRentLamports !== '0') {
    lines.push({ label: 'Lookup-table fees', value: feeSol(costs.lookupTableFeeLamports) });
    lines.push({ label: 'Lookup-table rent', value: sol6(costs.lookupTableRentLamports) });
  }
  lines.push({ label: 'Total fees', value: feeSol(costs.totalFeeLamports) });
  lines.push({ label: 'Fee per wallet', value: `${costs.feePerWalletLamports} lamports` });
  return lines;
}

export interface ComparisonRow {
  readonly way: 'Legacy' | 'Lookup table';
  readonly chosen: boolean;
  readonly transactions: number;
  readonly totalFee: string;
  readonly feePerWallet: string;
  readonly note: string;
}

/** Legacy against lookup-table sending, when the planner weighed both (null otherwise). */
export function comparisonRows(plan: SolPlanView): readonly ComparisonRow[] | null {
  const comparison = plan.comparison;
  if (comparison === null) return null;
  const row = (
    way: ComparisonRow['way'],
    costs: PlanCostsView,
    chosen: boolean,
    note: string,
  ): ComparisonRow => ({
    way,
    chosen,
    transactions: costs.transactions,
    totalFee: feeSol(costs.totalFeeLamports),
    feePerWallet: `${costs.feePerWalletLamports} lamports`,
    note,
  });
  const table = comparison.lookupTable;
  return [
    row('Legacy', comparison.legacy, comparison.chosen === 'legacy', ''),
    row(
      'Lookup table',
      table,
      comparison.chosen === 'lookupTable',
      `${table.tablesToCreate} table(s) to create, ${table.addressesToAdd} address(es) to add`,
    ),
  ];
}

export interface BalanceRow {
  readonly address: string;
  readonly role: PlanWalletView['role'];
  readonly amount: string;
  readonly before: string;
  readonly after: string;
}

/** Every wallet's balance before and after, master first; the list is capped for the dialog. */
export function balanceRows(
  plan: SolPlanView,
  cap: number,
): { readonly rows: readonly BalanceRow[]; readonly hidden: number } {
  const ordered = [...plan.wallets].sort(
    (a, b) => Number(b.role === 'master') - Number(a.role === 'master'),
  );
  return {
    rows: ordered.slice(0, cap).map((wallet) => ({
      address: wallet.address,
      role: wallet.role,
      amount: sol6(wallet.amountLamports),
      before: sol6(wallet.beforeLamports),
      after: sol6(wallet.afterLamports),
    })),
    hidden: Math.max(0, ordered.length - cap),
  };
}

const SKIP_TEXT: Readonly<Record<SolPlanView['skipped'][number]['reason'], string>> = {
  zeroAmount: 'amount is 0',
  noPrivateKey: 'no private key',
  emptyWallet: 'holds no SOL',
  balanceNotAboveFee: 'balance not above the network fee',
  master: 'is the master wallet',
};

/** Skipped wallets counted by reason ("3 × no private key"). */
export function skippedLines(plan: SolPlanView): readonly string[] {
  const counts = new Map<string, number>();
  for (const skip of plan.skipped) {
    const text = SKIP_TEXT[skip.reason];
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].map(([text, count]) => `${count} wallet(s) skipped: ${text}`);
}

/** Spec 2 §8: 'N wallet(s) skipped because no private key is available', or null. */
export function noKeyBanner(plan: SolPlanView): string | null {
  const count = plan.skipped.filter((skip) => skip.reason === 'noPrivateKey').length;
  return count === 0 ? null : `${count} wallet(s) skipped because no private key is available`;
}

/** The blocking problems' messages: while there is one, Confirm stays off and says why. */
export function blockingMessages(plan: SolPlanView): readonly string[] {
  return [...new Set(plan.problems.filter((p) => p.blocking).map((p) => p.message))];
}

export function warningMessages(plan: SolPlanView): readonly string[] {
  return [...new Set(plan.problems.filter((p) => !p.blocking).map((p) => p.message))];
}

/** Whether a plan has nothing to send: a withdrawal then says 'No SOL available to withdraw'. */
export function planMovesNothing(plan: SolPlanView): boolean {
  return plan.amountLamports === '0' || plan.transactions.length === 0;
}

/**
 * Why Confirm is off when no blocking problem says so (those are shown as they are): the plan has
 * nothing to send, because every wallet was skipped or none has an amount. Null when Confirm is on
 * or a blocking problem already explains it.
 */
export function notReadyReason(plan: SolPlanView): string | null {
  if (blockingMessages(plan).length > 0) return null;
  if (plan.ready && !planMovesNothing(plan)) return null;
  if (!planMovesNothing(plan))
    return 'This plan is not ready to run, so Confirm is off: review it again.';
  const lead = `${plan.kind === 'sol.aggregate' ? 'No SOL available to withdraw' : 'Nothing to send'}, so Confirm is off`;
  if (plan.skipped.length === 0) return `${lead}: no wallet in the plan has an amount to move.`;
  const counts = new Map<string, number>();
  for (const skip of plan.skipped) {
    const text = SKIP_TEXT[skip.reason];
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const reasons = [...counts].map(([text, count]) => `${count} × ${text}`).join(', ');
  return `${lead}: all ${plan.skipped.length.toLocaleString('en-US')} wallet(s) were skipped (${reasons}).`;
}

/** Confirm is enabled only for a ready plan without a blocking problem. */
export function canConfirmPlan(plan: SolPlanView): boolean {
  return plan.ready && blockingMessages(plan).length === 0 && !planMovesNothing(plan);
}

/** Middlemen and both legs' fees, for the two-hop plan. */
export function twoHopLegs(plan: SolPlanView): {
  readonly middlemen: number;
  readonly firstHopFee: string;
  readonly secondHopFee: string;
} {
  let first = 0n;
  let second = 0n;
  for (const tx of plan.transactions) {
    const fee = BigInt(tx.networkFeeLamports) + BigInt(tx.priorityFeeLamports);
    if (tx.leg === 'firstHop') first += fee;
    if (tx.leg === 'secondHop') second += fee;
  }
  return {
    middlemen: plan.wallets.filter((wallet) => wallet.role === 'middleman').length,
    firstHopFee: feeSol(first.toString()),
    secondHopFee: feeSol(second.toString()),
  };
}
