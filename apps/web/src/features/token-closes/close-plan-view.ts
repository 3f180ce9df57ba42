import {
  CLOSE_BLOCKERS,
  formatLamportsAsSol,
  formatSolExact,
  type CloseBlocker,
  type CloseTokensPlan,
  type RentDestination,
} from '@fleet/core';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import type { ToastMessage } from '../../ui/toast';

export interface PlanFigure {
  readonly label: string;
  readonly value: string;
  /** A short explanation drawn under the figure, when it needs one. */
  readonly note?: string;
  /** An address after the value, drawn monospaced and never upper-cased (base58). */
  readonly address?: string;
}

/** Amounts in operations show with 6 decimals (spec 2 §9). */
export const sol6 = (lamports: string): string => `${formatLamportsAsSol(BigInt(lamports), 6)} SOL`;

/** Fees are a few thousand lamports: to the lamport, so they never read as 0.000000. */
const feeSol = (lamports: string): string => `${formatSolExact(BigInt(lamports))} SOL`;

/** How each blocker is counted, in the forecast's order: '1 has balance', '2 frozen'. */
export function blockerCounts(
  blockers: Readonly<Record<CloseBlocker, number>>,
): readonly { readonly reason: CloseBlocker; readonly count: number }[] {
  return CLOSE_BLOCKERS.map((reason) => ({ reason, count: blockers[reason] }));
}

/** '1 has balance · 0 frozen · 0 withheld transfer fees'. */
export function blockerText(blockers: Readonly<Record<CloseBlocker, number>>): string {
  return blockerCounts(blockers)
    .map(({ reason, count }) => `${count.toLocaleString('en-US')} ${reason}`)
    .join(' · ');
}

export const RENT_DESTINATION_LABELS: Readonly<Record<RentDestination, string>> = {
  master: 'Master wallet',
  owner: 'Keep in each wallet',
};

/**
 * What the plan will do, before anything is sent (spec 2 §2.4): the wallets in scope, the
 * accounts it closes and those it leaves open by reason, the rent, the fees at Fleet's packing,
 * the net, the transactions and signatures, and where the rent goes.
 */
export function closePlanFigures(plan: CloseTokensPlan): readonly PlanFigure[] {
  const signatures = plan.transactions.reduce((sum, tx) => sum + tx.signatures, 0);
  return [
    { label: 'Wallets in scope', value: plan.totalWallets.toLocaleString('en-US') },
    { label: 'Closable accounts', value: plan.closableAccounts.toLocaleString('en-US') },
    {
      label: 'Skipped accounts',
      value: plan.skippedAccounts.toLocaleString('en-US'),
      note: blockerText(plan.forecast.blockers),
    },
    { label: 'Rent reclaimed', value: sol6(plan.rentLamports) },
    { label: 'Fees', value: feeSol(plan.feeLamports) },
    { label: 'Net', value: sol6(plan.netLamports) },
    { label: 'Transactions', value: plan.transactions.length.toLocaleString('en-US') },
    { label: 'Signatures', value: signatures.toLocaleString('en-US') },
    {
      label: 'Rent goes to',
      ...(plan.rentDestination === 'master'
        ? { value: 'Master wallet', address: plan.master }
        : { value: 'Each wallet keeps its rent' }),
      note: feeAndRentNote(plan),
    },
  ];
}

/**
 * Who pays and where the rent goes: the master pays, except wallets that would sign twice with
 * the master paying and hold the SOL to pay their own one transaction (they sign once).
 */
export function feeAndRentNote(
  plan: Pick<CloseTokensPlan, 'master' | 'rentDestination' | 'transactions'>,
): string {
  const ownPaid = plan.transactions.filter((tx) => tx.feePayer !== plan.master).length;
  const toMaster = plan.rentDestination === 'master';
  if (ownPaid === 0) {
    return toMaster
      ? 'The master wallet pays every fee and receives the rent.'
      : 'The master wallet pays every fee; each wallet keeps the rent of its accounts.';
  }
  const who =
    ownPaid === 1
      ? 'that of 1 wallet paying its own (it signs once instead of twice)'
      : `those of ${ownPaid.toLocaleString('en-US')} wallets paying their own (each signs once instead of twice)`;
  return (
    `The master wallet pays every fee but ${who}; ` +
    (toMaster
      ? 'the master wallet receives the rent.'
      : 'each wallet keeps the rent of its accounts.')
  );
}

export interface SkippedRow {
  readonly key: string;
  readonly wallet: string;
  readonly tokenAccount: string;
  readonly mint: string;
  readonly program: string;
  readonly reason: CloseBlocker;
}

/** The accounts the plan leaves open, one row each, and how many more it only counted. */
export function skippedRows(plan: CloseTokensPlan): {
  readonly rows: readonly SkippedRow[];
  readonly unlisted: number;
} {
  return {
    rows: plan.skipped.map((skip) => ({
      key: skip.tokenAccount,
      wallet: skip.wallet,
      tokenAccount: skip.tokenAccount,
      mint: skip.mint,
      program: skip.program === 'token2022' ? 'Token-2022' : 'Token',
      reason: skip.reason,
    })),
    unlisted: Math.max(0, plan.skippedAccounts - plan.skipped.length),
  };
}

/** Who the dialog acts on, in its description (and which mints, when it is scoped to some). */
export function scopeText(
  walletAddresses: readonly string[],
  tokenMints?: readonly string[],
): string {
  const whose =
    walletAddresses.length === 0
      ? 'Every active wallet: its zero-balance token accounts'
      : `${walletAddresses.length.toLocaleString('en-US')} selected wallet(s): their zero-balance token accounts`;
  const which =
    tokenMints === undefined
      ? ''
      : tokenMints.length === 1
        ? ` of ${shortenAddress(tokenMints[0] ?? '')}`
        : ` of ${tokenMints.length.toLocaleString('en-US')} selected mints`;
  return `${whose}${which}, both token programs, read from the chain now.`;
}

/** Spec 2 §5's words when the scope holds no zero-balance token account. */
export const NOTHING_TO_CLOSE: ToastMessage = Object.freeze({
  title: 'Nothing to close',
  description: 'No zero-balance token accounts found in scope.',
  severity: 'warning',
});

/**
 * A plan the server refused, in its own words ('Nothing to close - No zero-balance token
 * accounts found in scope.', 'Master wallet not ready', ...): nothing to close is a warning with
 * the spec's toast, anything else an error shown in the dialog.
 */
export function planRefusal(error: unknown): {
  readonly kind: 'warning' | 'error';
  readonly text: string;
  readonly toast: ToastMessage | null;
} {
  const text = errorMessage(error, 'The close could not be planned.');
  if (error instanceof ApiError && error.code === 'TOKEN_CLOSE__NOTHING_TO_CLOSE') {
    return { kind: 'warning', text, toast: NOTHING_TO_CLOSE };
  }
  return { kind: 'error', text, toast: null };
}
