import {
  BURN_SKIP_REASONS,
  formatSolExact,
  formatTokenAmount,
  formatUsd,
  groupThousands,
  type BurnSkipReason,
  type BurnThreshold,
  type BurnTokensPlan,
  type BurnValue,
  type ValuedAsset,
} from '@fleet/core';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import type { ToastMessage } from '../../ui/toast';
import { sol6, type PlanFigure } from '../token-closes/close-plan-view';

/** Spec 2 §8's words when a burn cannot be started for want of an answer. */
export const BURN_INITIATE_FAILED = 'Failed to initiate burn operation. Please try again.';

/** Fees are a few thousand lamports: to the lamport, so they never read as 0.000000. */
const feeSol = (lamports: string): string => `${formatSolExact(BigInt(lamports))} SOL`;

/**
 * A dust value: spec 2 §9's dollars from a cent up, and below a cent two significant digits, since
 * dust is mostly worth less than one and '$0.00' would hide what is burned.
 */
export function dustUsd(value: number): string {
  if (value === 0 || value >= 0.01) return formatUsd(value);
  if (value < 0.000001) return '<$0.000001';
  return `$${value.toPrecision(2)}`;
}

/** A value from the plan: dollars, or 'unpriced' for a mint no provider prices. */
export function burnValueText(value: BurnValue): string {
  return value === 'unpriced' ? 'unpriced' : dustUsd(value);
}

/** 'Below $0.50' or 'Below 1,000 raw units'. */
export function thresholdText(threshold: BurnThreshold): string {
  return threshold.kind === 'usd'
    ? `Below $${threshold.belowUsd}`
    : `Below ${groupThousands(threshold.belowRaw)} raw units`;
}

/** The skipped accounts by reason, in the contract's order, those with none left out. */
export function skippedReasonText(
  byReason: Partial<Readonly<Record<BurnSkipReason, number>>>,
): string {
  return BURN_SKIP_REASONS.filter((reason) => (byReason[reason] ?? 0) > 0)
    .map((reason) => `${(byReason[reason] ?? 0).toLocaleString('en-US')} ${reason}`)
    .join(' · ');
}

/**
 * What the plan will do before anything is sent: the wallets in scope, the accounts it burns and
 * closes and what they are worth, those it leaves by reason, the rent, the fees, the net, the
 * transactions and where the rent goes.
 */
export function burnPlanFigures(plan: BurnTokensPlan): readonly PlanFigure[] {
  const signatures = plan.transactions.reduce((sum, tx) => sum + tx.signatures, 0);
  const pickedUnpriced = plan.mints.filter((mint) => mint.priceUsd === null).length;
  const skippedNote = skippedReasonText(plan.skippedByReason);
  const negative = BigInt(plan.netLamports) < 0n;
  return [
    { label: 'Wallets in scope', value: plan.totalWallets.toLocaleString('en-US') },
    { label: 'Dust threshold', value: thresholdText(plan.threshold) },
    { label: 'Accounts to burn', value: plan.burnAccounts.toLocaleString('en-US') },
    {
      label: 'Value burned',
      value: dustUsd(plan.burnedValueUsd),
      note:
        pickedUnpriced > 0
          ? `Priced accounts only; ${pickedUnpriced.toLocaleString('en-US')} unpriced mint(s) burned as picked.`
          : 'At the market’s prices when planned.',
    },
    {
      label: 'Skipped accounts',
      value: plan.skippedAccounts.toLocaleString('en-US'),
      ...(skippedNote === '' ? {} : { note: skippedNote }),
    },
    { label: 'Rent reclaimed', value: sol6(plan.rentLamports) },
    { label: 'Fees', value: feeSol(plan.feeLamports) },
    {
      label: 'Net',
      value: sol6(plan.netLamports),
      ...(negative ? { note: 'The fees are more than the rent reclaimed.' } : {}),
    },
    { label: 'Transactions', value: plan.transactions.length.toLocaleString('en-US') },
    { label: 'Signatures', value: signatures.toLocaleString('en-US') },
    {
      label: 'Rent goes to',
      ...(plan.rentDestination === 'master'
        ? { value: 'Master wallet', address: plan.master }
        : { value: 'Each wallet keeps its rent' }),
      note:
        plan.rentDestination === 'master'
          ? 'The master wallet pays every fee and receives the rent.'
          : 'The master wallet pays every fee; each wallet keeps the rent of its accounts.',
    },
  ];
}

/** The market's symbols by mint, for the tables. */
export function symbolsByMint(
  assets: readonly Pick<ValuedAsset, 'mint' | 'symbol' | 'decimals'>[],
): ReadonlyMap<string, { readonly symbol: string | null; readonly decimals: number }> {
  return new Map(assets.map((asset) => [asset.mint, asset]));
}

type Known = ReturnType<typeof symbolsByMint>;

export interface BurnMintRow {
  readonly key: string;
  readonly mint: string;
  readonly label: string;
  readonly program: string;
  readonly accounts: string;
  readonly wallets: string;
  readonly amount: string;
  readonly value: string;
}

const programName = (program: 'token' | 'token2022') =>
  program === 'token2022' ? 'Token-2022' : 'Token';

/** What is burned, mint by mint: the accounts, their owners, the amount and its value. */
export function burnMintRows(plan: BurnTokensPlan, known: Known): readonly BurnMintRow[] {
  return plan.mints.map((mint) => ({
    key: mint.mint,
    mint: mint.mint,
    label: known.get(mint.mint)?.symbol ?? shortenAddress(mint.mint),
    program: programName(mint.program),
    accounts: mint.accounts.toLocaleString('en-US'),
    wallets: mint.wallets.toLocaleString('en-US'),
    amount: formatTokenAmount(mint.amount, mint.decimals),
    value: mint.priceUsd === null ? 'unpriced (picked)' : burnValueText(mint.valueUsd),
  }));
}

export interface BurnWalletRow {
  readonly key: string;
  readonly wallet: string;
  readonly burn: string;
  readonly skipped: string;
  readonly rent: string;
  readonly fee: string;
  readonly net: string;
}

/** The plan wallet by wallet: what each burns, keeps, gets back and pays. */
export function burnWalletRows(plan: BurnTokensPlan): readonly BurnWalletRow[] {
  return plan.wallets.map((wallet) => ({
    key: wallet.wallet,
    wallet: wallet.wallet,
    burn: wallet.burnAccounts.toLocaleString('en-US'),
    skipped: wallet.skippedAccounts.toLocaleString('en-US'),
    rent: sol6(wallet.rentLamports),
    fee: feeSol(wallet.feeLamports),
    net: sol6(wallet.netLamports),
  }));
}

export interface BurnSkippedRow {
  readonly key: string;
  readonly wallet: string;
  readonly tokenAccount: string;
  readonly mint: string;
  readonly label: string;
  readonly amount: string;
  readonly value: string;
  readonly reason: BurnSkipReason;
}

/**
 * The accounts the plan leaves as they are, one row each, and how many more it only counted. A
 * skipped account's decimals come from the valuation when it knows the mint; otherwise the
 * amount is shown in raw units.
 */
export function burnSkippedRows(
  plan: BurnTokensPlan,
  known: Known,
): { readonly rows: readonly BurnSkippedRow[]; readonly unlisted: number } {
  return {
    rows: plan.skipped.map((skip) => {
      const asset = known.get(skip.mint);
      return {
        key: skip.tokenAccount,
        wallet: skip.wallet,
        tokenAccount: skip.tokenAccount,
        mint: skip.mint,
        label: asset?.symbol ?? shortenAddress(skip.mint),
        amount: asset
          ? formatTokenAmount(skip.amount, asset.decimals)
          : `${groupThousands(skip.amount)} raw`,
        value: burnValueText(skip.valueUsd),
        reason: skip.reason,
      };
    }),
    unlisted: Math.max(0, plan.skippedAccounts - plan.skipped.length),
  };
}

/** The warning toast when the scope holds no dust (the server's TOKEN_BURN__NOTHING_TO_BURN). */
export const NOTHING_TO_BURN: ToastMessage = Object.freeze({
  title: 'Nothing to burn',
  description: 'No token balances below the threshold found in scope.',
  severity: 'warning',
});

/**
 * A plan the server refused, in its own words: nothing to burn is a warning with its toast,
 * anything else an error shown in the dialog (spec 2 §8's words when there was no answer).
 */
export function burnPlanRefusal(error: unknown): {
  readonly kind: 'warning' | 'error';
  readonly text: string;
  readonly toast: ToastMessage | null;
} {
  const text = errorMessage(error, BURN_INITIATE_FAILED);
  if (error instanceof ApiError && error.code === 'TOKEN_BURN__NOTHING_TO_BURN') {
    return { kind: 'warning', text, toast: NOTHING_TO_BURN };
  }
  return { kind: 'error', text, toast: null };
}
