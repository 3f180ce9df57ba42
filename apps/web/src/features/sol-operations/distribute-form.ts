import {
  formatSolExact,
  SPLIT_CONFIRMATION_THRESHOLD,
  type DistributePlanRequest,
  type LookupTableChoice,
} from '@fleet/core';
import { amountFieldLamports } from './amount-input';

export interface DistributeTarget {
  readonly id: string;
  readonly address: string;
}

/** One amount for every wallet, or an amount per wallet (spec 2 §2.4's Distribute SOL dialog). */
export type AmountMode = 'same' | 'each';

export interface DistributeDraft {
  readonly mode: AmountMode;
  readonly sameAmount: string;
  /** Per-wallet amounts by wallet id; a wallet not in the map has no amount (0). */
  readonly amounts: ReadonlyMap<string, string>;
  /** The "Transactions" choice: how the plan may use the tenant's lookup tables. */
  readonly lookupTable: LookupTableChoice;
}

/**
 * The "Transactions" choice's options, sent as the plan request's `lookupTable`: Auto lets the
 * planner take the way cheaper in fees, the others force a way of sending.
 */
export const LOOKUP_TABLE_OPTIONS: readonly {
  readonly value: LookupTableChoice;
  readonly label: string;
}[] = [
  { value: 'auto', label: 'Auto (cheapest)' },
  { value: 'always', label: 'Lookup table' },
  { value: 'never', label: 'Legacy' },
];

export const DEFAULT_LOOKUP_TABLE_CHOICE: LookupTableChoice = 'auto';

export interface DistributeSummary {
  /** The recipients with an amount above 0 and the "Transactions" choice, as the plan route takes them. */
  readonly request: DistributePlanRequest & { readonly lookupTable: LookupTableChoice };
  readonly recipients: number;
  /** Wallets left out because their amount is 0 (spec 2 §5). */
  readonly zeroAmount: number;
  readonly totalLamports: bigint;
  readonly totalText: string;
  /** Spec 2 §5: Confirm is disabled when the total is 0 or there are no recipients. */
  readonly canReview: boolean;
  /** Above 100 recipients the split into several transactions is confirmed first. */
  readonly needsSplitConfirmation: boolean;
}

export function summariseDistribution(
  targets: readonly DistributeTarget[],
  draft: DistributeDraft,
): DistributeSummary {
  const recipients: { walletId: string; amountSol: string }[] = [];
  let total = 0n;
  let zero = 0;
  for (const target of targets) {
    const text = draft.mode === 'same' ? draft.sameAmount : (draft.amounts.get(target.id) ?? '');
    const lamports = amountFieldLamports(text);
    if (lamports === 0n) {
      zero += 1;
      continue;
    }
    total += lamports;
    recipients.push({ walletId: target.id, amountSol: text.trim() });
  }
  return {
    request: { recipients, lookupTable: draft.lookupTable },
    recipients: recipients.length,
    zeroAmount: zero,
    totalLamports: total,
    totalText: `${formatSolExact(total)} SOL`,
    canReview: recipients.length > 0 && total > 0n,
    needsSplitConfirmation: recipients.length > SPLIT_CONFIRMATION_THRESHOLD,
  };
}

export function splitConfirmationText(recipients: number): string {
  const count = recipients.toLocaleString('en-US');
  return `${count} recipients are more than ${SPLIT_CONFIRMATION_THRESHOLD}: the distribution is split into several transactions. Continue?`;
}
