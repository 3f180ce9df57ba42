import {
  formatLamportsAsSol,
  formatSolExact,
  type PlanProblemView,
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
  /** A short explanation drawn under the line, when the figure needs one. */
  readonly note?: string;
  /** The value is base58 (a mint, an address): drawn monospaced, its case kept. */
  readonly mono?: boolean;
}

/**
 * The plan's transactions, and when some go through lookup tables how many set the tables up
 * (create, extend) and how many are v0 transfers: "7 (2 lookup-table setup, 5 v0)".
 */
export function transactionsText(plan: SolPlanView): string {
  let setup = 0;
  let v0 = 0;
  for (const tx of plan.transactions) {
    if (tx.leg === 'lookupTable') setup += 1;
    else if (tx.version === 'v0') v0 += 1;
  }
  const count = plan.costs.transactions.toLocaleString('en-US');
  if (setup === 0 && v0 === 0) return count;
  const legacy = plan.transactions.length - setup - v0;
  const parts = [
    setup > 0 ? `${setup.toLocaleString('en-US')} lookup-table setup` : null,
    v0 > 0 ? `${v0.toLocaleString('en-US')} v0` : null,
    legacy > 0 ? `${legacy.toLocaleString('en-US')} legacy` : null,
  ].filter((part) => part !== null);
  return `${count} (${parts.join(', ')})`;
}

/** Rent is a deposit the tables hold, not a fee: said wherever it is shown. */
export const RENT_NOTE = 'recoverable by closing the tables, and not counted in the fees';

/**
 * The plan's money at a glance: what moves, in how many transactions, what the fees are, and for
 * a distribution what the master spends in all: the amount, the fees and any lookup-table rent.
 */
export function planCostLines(plan: SolPlanView): readonly CostLine[] {
  const { costs } = plan;
  const rent = BigInt(costs.lookupTableRentLamports);
  const lines: CostLine[] = [
    { label: 'Amount', value: sol6(plan.amountLamports) },
    { label: 'Transactions', value: transactionsText(plan) },
    { label: 'Network fees', value: feeSol(costs.networkFeeLamports) },
    { label: 'Priority fees', value: feeSol(costs.priorityFeeLamports) },
  ];
  if (costs.lookupTableFeeLamports !== '0' || rent !== 0n) {
    lines.push({ label: 'Lookup-table fees', value: feeSol(costs.lookupTableFeeLamports) });
  }
  lines.push({ label: 'Total fees', value: feeSol(costs.totalFeeLamports) });
  lines.push({ label: 'Fee per wallet', value: `${costs.feePerWalletLamports} lamports` });
  if (rent !== 0n) {
    lines.push({
      label: 'Lookup-table rent',
      value: feeSol(rent.toString()),
      note: `A deposit the master pays: ${RENT_NOTE}.`,
    });
  }
  if (plan.kind === 'sol.distribute') {
    const spent = BigInt(plan.amountLamports) + BigInt(costs.totalFeeLamports) + rent;
    lines.push({
      label: 'Master spends',
      value: feeSol(spent.toString()),
      ...(rent !== 0n ? { note: 'The amount, the fees and the rent deposit.' } : {}),
    });
  }
  return lines;
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
export function blockingMessages(plan: {
  readonly problems: readonly PlanProblemView[];
}): readonly string[] {
  return [...new Set(plan.problems.filter((p) => p.blocking).map((p) => p.message))];
}

export function warningMessages(plan: {
  readonly problems: readonly PlanProblemView[];
}): readonly string[] {
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
