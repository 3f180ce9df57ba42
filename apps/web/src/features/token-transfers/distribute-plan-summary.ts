import type { DistributeSkipReason, DistributeSplTokensPlan } from '@fleet/core';
import { blockingMessages, feeSol, type CostLine } from '../sol-operations/plan-summary';
import { PROGRAM_LABELS, tokenAmountText, transferFeeText } from './token-amount-text';

/**
 * The Distribute SPL Tokens plan's figures (spec 3 §2.1): what each recipient receives, which of
 * their accounts the master creates and the rent, the fees, and the master's tokens and SOL before
 * and after.
 */

const count = (n: number) => n.toLocaleString('en-US');

export function distributeCostLines(plan: DistributeSplTokensPlan): readonly CostLine[] {
  const { decimals } = plan.mint;
  const tokens = (raw: string) => tokenAmountText(raw, decimals);
  const lines: CostLine[] = [
    { label: 'Mint', value: plan.mint.mint, mono: true },
    {
      label: 'Program',
      value: `${PROGRAM_LABELS[plan.mint.program]}, ${count(plan.mint.decimals)} decimals`,
    },
    { label: 'Recipients', value: count(plan.recipients.length) },
    { label: 'Amount sent', value: tokens(plan.amountRaw) },
  ];
  if (plan.mint.transferFee !== null) {
    lines.push({
      label: 'Transfer fee',
      value: `${tokens(plan.transferFeeRaw)} · ${transferFeeText(plan.mint.transferFee, decimals)}`,
      note: 'Token-2022 withholds it from each transfer, at the recipient’s account.',
    });
    lines.push({ label: 'Recipients receive', value: tokens(plan.receivedRaw) });
  }
  lines.push(
    { label: 'Accounts to create', value: count(plan.accountsToCreate) },
    {
      label: 'Rent of created accounts',
      value: feeSol(plan.rentLamports),
      note: 'The recipients’ new token accounts, paid by the master.',
    },
    { label: 'Transactions', value: count(plan.transactions.length) },
    { label: 'Fees', value: feeSol(plan.feeLamports) },
    { label: 'SOL cost', value: feeSol(plan.totalLamports), note: 'Fees and rent.' },
    { label: 'Master tokens before', value: tokens(plan.masterTokenBeforeRaw) },
    { label: 'Master tokens after', value: tokens(plan.masterTokenAfterRaw) },
    { label: 'Master SOL before', value: feeSol(plan.masterLamports.beforeLamports) },
    { label: 'Master SOL after', value: feeSol(plan.masterLamports.afterLamports) },
  );
  return lines;
}

export interface RecipientRow {
  readonly address: string;
  /** "created" when the master creates its associated account, with the rent. */
  readonly account: string;
  readonly amount: string;
  readonly received: string;
  readonly before: string;
  readonly after: string;
}

/** Each recipient's line, capped for the dialog. */
export function recipientRows(
  plan: DistributeSplTokensPlan,
  cap: number,
): { readonly rows: readonly RecipientRow[]; readonly hidden: number } {
  const { decimals } = plan.mint;
  return {
    rows: plan.recipients.slice(0, cap).map((recipient) => ({
      address: recipient.address,
      account: recipient.createsAccount ? `created (${feeSol(recipient.rentLamports)})` : 'exists',
      amount: tokenAmountText(recipient.amountRaw, decimals),
      received: tokenAmountText(recipient.receivedRaw, decimals),
      before: tokenAmountText(recipient.beforeRaw, decimals),
      after: tokenAmountText(recipient.afterRaw, decimals),
    })),
    hidden: Math.max(0, plan.recipients.length - cap),
  };
}

const SKIP_TEXT: Readonly<Record<DistributeSkipReason, string>> = {
  'zero amount': 'amount is 0',
  master: 'is the master wallet',
  'recipient account frozen': 'its token account is frozen',
  'recipient account requires memo': 'its token account requires a memo',
  'recipient account not associated': 'its associated address holds another account',
};

export function distributeSkippedLines(plan: DistributeSplTokensPlan): readonly string[] {
  const counts = new Map<DistributeSkipReason, number>();
  for (const skip of plan.skipped) counts.set(skip.reason, (counts.get(skip.reason) ?? 0) + 1);
  const lines = [...counts].map(
    ([reason, n]) => `${count(n)} recipient(s) skipped: ${SKIP_TEXT[reason]}`,
  );
  const unlisted = plan.skippedRecipients - plan.skipped.length;
  if (unlisted > 0) lines.push(`${count(unlisted)} more recipient(s) skipped`);
  return lines;
}

export function canConfirmTokenDistribution(plan: DistributeSplTokensPlan): boolean {
  return (
    plan.ready &&
    plan.recipients.length > 0 &&
    plan.amountRaw !== '0' &&
    blockingMessages(plan).length === 0
  );
}

export function distributeNotReadyReason(plan: DistributeSplTokensPlan): string | null {
  if (canConfirmTokenDistribution(plan) || blockingMessages(plan).length > 0) return null;
  if (plan.recipients.length === 0 || plan.amountRaw === '0') {
    return 'Nothing to send, so Confirm is off: every recipient was skipped.';
  }
  return 'This plan is not ready to run, so Confirm is off: review it again.';
}
