import type { WithdrawSkipReason, WithdrawSplTokensPlan } from '@fleet/core';
import { blockingMessages, feeSol, type CostLine } from '../sol-operations/plan-summary';
import { PROGRAM_LABELS, tokenAmountText, transferFeeText } from './token-amount-text';

/**
 * The Confirm Withdraw All SPL Tokens dialog's figures (spec 2 §2.4), from the server's plan: what
 * moves per mint and per wallet, what it costs the master and returns to it, what is skipped and
 * why, and whether Confirm may run it.
 */

const count = (n: number) => n.toLocaleString('en-US');

/** A signed lamport figure with its sign, so the net reads as a gain or a cost. */
function signedSol(lamports: string): string {
  return lamports.startsWith('-') || lamports === '0' ? feeSol(lamports) : `+${feeSol(lamports)}`;
}

/** The plan's money at a glance, in the order the operator weighs it. */
export function withdrawCostLines(plan: WithdrawSplTokensPlan): readonly CostLine[] {
  const largest = plan.transactions.reduce((max, tx) => Math.max(max, tx.sizeBytes), 0);
  const lines: CostLine[] = [
    {
      label: 'Wallets',
      value: `${count(plan.walletsWithTokens)} of ${count(plan.totalWallets)} hold tokens to withdraw`,
    },
    { label: 'Token accounts', value: count(plan.accounts) },
    {
      label: 'Transactions',
      value:
        plan.transactions.length === 0
          ? '0'
          : `${count(plan.transactions.length)} (largest ${count(largest)} bytes)`,
    },
    { label: 'Fees', value: feeSol(plan.feeLamports), note: 'Paid by the master wallet.' },
  ];
  const created = plan.mints.filter((mint) => !mint.masterAccountExists).length;
  if (created > 0 || plan.accountRentLamports !== '0') {
    lines.push({
      label: 'Rent of created accounts',
      value: feeSol(plan.accountRentLamports),
      note: `The master's ${count(created)} new token account(s), paid by the master.`,
    });
  }
  if (plan.closeEmptied) {
    lines.push({ label: 'Accounts closed', value: count(plan.closes) });
    lines.push({
      label: 'Rent returned by closes',
      value: feeSol(plan.reclaimedRentLamports),
      note: 'The emptied accounts are closed and their rent goes to the master.',
    });
  }
  lines.push({
    label: 'Net',
    value: signedSol(plan.netLamports),
    note: 'What the master wallet’s SOL moves by: rent returned, less fees and new accounts’ rent.',
  });
  lines.push({ label: 'Master SOL before', value: feeSol(plan.masterLamports.beforeLamports) });
  lines.push({ label: 'Master SOL after', value: feeSol(plan.masterLamports.afterLamports) });
  return lines;
}

export interface WithdrawMintRow {
  readonly mint: string;
  readonly program: string;
  readonly wallets: string;
  readonly amount: string;
  /** What the master receives: the amount less Token-2022 transfer fees. */
  readonly received: string;
  readonly transferFee: string;
  readonly masterAccount: string;
  readonly masterAccountText: 'created' | 'exists';
  readonly masterAfter: string;
}

/** One row per mint the withdrawal moves, with the master's account for it. */
export function withdrawMintRows(plan: WithdrawSplTokensPlan): readonly WithdrawMintRow[] {
  return plan.mints.map((mint) => ({
    mint: mint.mint,
    program: PROGRAM_LABELS[mint.program],
    wallets: `${count(mint.wallets)} wallet(s), ${count(mint.accounts)} account(s)`,
    amount: tokenAmountText(mint.amountRaw, mint.decimals),
    received: tokenAmountText(mint.receivedRaw, mint.decimals),
    transferFee:
      mint.transferFee === null
        ? 'None'
        : `${tokenAmountText(mint.transferFeeRaw, mint.decimals)} · ${transferFeeText(mint.transferFee, mint.decimals)}`,
    masterAccount: mint.masterAccount,
    masterAccountText: mint.masterAccountExists ? 'exists' : 'created',
    masterAfter: tokenAmountText(mint.masterAfterRaw, mint.decimals),
  }));
}

export interface WithdrawWalletRow {
  readonly wallet: string;
  readonly accounts: string;
  readonly closes: string;
  readonly rent: string;
  readonly fee: string;
}

/** Each wallet's share, capped for the dialog (the plan holds them all). */
export function withdrawWalletRows(
  plan: WithdrawSplTokensPlan,
  cap: number,
): { readonly rows: readonly WithdrawWalletRow[]; readonly hidden: number } {
  return {
    rows: plan.wallets.slice(0, cap).map((wallet) => ({
      wallet: wallet.wallet,
      accounts: count(wallet.accounts),
      closes: count(wallet.closes),
      rent: feeSol(wallet.rentLamports),
      fee: feeSol(wallet.feeLamports),
    })),
    hidden: Math.max(0, plan.wallets.length - cap),
  };
}

const SKIP_TEXT: Readonly<Record<WithdrawSkipReason, string>> = {
  master: 'the master wallet’s own account',
  empty: 'holds nothing',
  frozen: 'frozen',
  'non-transferable': 'the mint is non-transferable',
  'transfer hook': 'the mint has a transfer hook',
  paused: 'the mint is paused',
  'unsupported extension': 'the mint has an extension Fleet does not support',
  'master account frozen': 'the master’s account for the mint is frozen',
  'master account requires memo': 'the master’s account for the mint requires a memo',
  'master account not associated': 'the master’s address for the mint holds another account',
};

export function withdrawSkipText(reason: WithdrawSkipReason): string {
  return SKIP_TEXT[reason];
}

/**
 * Skipped accounts counted by reason ("2 account(s) skipped: frozen"). The plan lists at most
 * `MAX_LISTED_SKIPS` one by one; the rest are counted in `skippedAccounts` alone.
 */
export function withdrawSkippedLines(plan: WithdrawSplTokensPlan): readonly string[] {
  const counts = new Map<WithdrawSkipReason, number>();
  for (const skip of plan.skipped) counts.set(skip.reason, (counts.get(skip.reason) ?? 0) + 1);
  const lines = [...counts].map(
    ([reason, n]) => `${count(n)} account(s) skipped: ${SKIP_TEXT[reason]}`,
  );
  const unlisted = plan.skippedAccounts - plan.skipped.length;
  if (unlisted > 0) lines.push(`${count(unlisted)} more account(s) skipped`);
  return lines;
}

/** Accounts the withdrawal empties but cannot close, counted by reason. */
export function keptOpenLines(plan: WithdrawSplTokensPlan): readonly string[] {
  const counts = new Map<string, number>();
  for (const kept of plan.keptOpen) counts.set(kept.reason, (counts.get(kept.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${count(n)} emptied account(s) kept open: ${reason}`);
}

/** Confirm runs a ready plan that sends something and that no blocking problem stops. */
export function canConfirmWithdrawal(plan: WithdrawSplTokensPlan): boolean {
  return plan.ready && plan.transactions.length > 0 && blockingMessages(plan).length === 0;
}

/** Why Confirm is off when no blocking problem already says so; null when it is on. */
export function withdrawNotReadyReason(plan: WithdrawSplTokensPlan): string | null {
  if (canConfirmWithdrawal(plan) || blockingMessages(plan).length > 0) return null;
  if (plan.transactions.length === 0) {
    return 'No SPL tokens to withdraw in scope, so Confirm is off.';
  }
  return 'This plan is not ready to run, so Confirm is off: plan again.';
}

/** The mint filter's choices: every token, or one of the mints an every-token plan found. */
export interface MintChoice {
  readonly value: string;
  readonly label: string;
}

export const EVERY_TOKEN = 'every-token';

export function mintChoices(plan: WithdrawSplTokensPlan): readonly MintChoice[] {
  return [
    { value: EVERY_TOKEN, label: `Every token (${count(plan.mints.length)})` },
    ...plan.mints.map((mint) => ({
      value: mint.mint,
      label: `${mint.mint} · ${PROGRAM_LABELS[mint.program]} · ${tokenAmountText(mint.amountRaw, mint.decimals)}`,
    })),
  ];
}
