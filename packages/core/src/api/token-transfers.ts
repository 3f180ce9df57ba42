import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { walletIdSchema } from '../primitives/ids';
import { u64StringSchema } from '../primitives/u64';
import { jobStatusSchema } from './jobs';
import { MAX_OPERATION_WALLETS, planProblemSchema } from './sol-operations';

/**
 * SPL token transfers between the master and the fleet (issue 19; spec 2 §2.3, §2.4, §4, §5, §7,
 * §8; spec 3 §2.1, §3): a withdrawal of the fleet's tokens to the master's associated token
 * accounts, and a distribution of one mint from the master. Both are planned from the chain
 * first, stored whole under the plan's hash, and executed by the plan's id as a job through the
 * ledger, so what is sent is what the operator confirmed. Raw token amounts and lamports travel
 * as u64 decimal strings.
 */

/** A mint list longer than this is refused (issue 19, "Bad input"). */
export const MAX_TOKEN_TRANSFER_MINTS = 10_000;

/** Spec 2 §9: the withdrawal's progress is polled this often until it is done. */
export const SPL_TRANSFER_POLL_MS = 2_000;

/** Spec 2 §9: a dialog shows the newest 50 log lines (the job keeps 400). */
export const SPL_TRANSFER_DIALOG_LOG_LINES = 50;

/** The most skipped accounts or recipients a plan lists one by one; the counts hold them all. */
export const MAX_LISTED_SKIPS = 1_000;

const planIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid plan id');

/** Rent less fees, or a balance a short plan would leave, may be negative: a signed integer. */
const signedIntegerSchema = z.string().regex(/^-?\d+$/, 'Invalid integer');

export const TOKEN_PROGRAMS = ['token', 'token2022'] as const;
export const tokenProgramSchema = z.enum(TOKEN_PROGRAMS);

// ---------------------------------------------------------------------------------------------
// Withdraw SPL tokens to the master
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/withdraw-spl-tokens/plan`. Spec 2 §7's `publicAddresses` (an empty list: every active
 * wallet of the tenant); `tokenMints` absent withdraws every token, or only these mints;
 * `closeEmptied` closes each account the withdrawal empties in the same transaction, its rent
 * to the master.
 */
export const withdrawSplTokensPlanRequestSchema = z
  .object({
    publicAddresses: z
      .array(addressTextSchema)
      .max(MAX_OPERATION_WALLETS, `At most ${MAX_OPERATION_WALLETS} wallets`)
      .default([]),
    tokenMints: z
      .array(addressTextSchema)
      .min(1, 'Choose at least one token mint, or leave the list out for every token')
      .max(MAX_TOKEN_TRANSFER_MINTS, `At most ${MAX_TOKEN_TRANSFER_MINTS} token mints`)
      .optional(),
    closeEmptied: z.boolean().default(false),
  })
  .strict();
export type WithdrawSplTokensPlanRequest = z.input<typeof withdrawSplTokensPlanRequestSchema>;

/**
 * Why a token account is not withdrawn. `master`: an account of the master itself (the master is
 * also one of the wallets). `empty`: it holds nothing (closing it is the close
 * feature's work). `frozen`: the program refuses a transfer from a frozen account.
 * `non-transferable`, `transfer hook`, `paused`, `unsupported extension`: the mint (Token-2022)
 * forbids the transfer or needs accounts Fleet does not supply. `master account frozen`,
 * `master account requires memo`: the master's associated account for the mint cannot receive.
 * `master account not associated`: an account other than a token account of the master sits at
 * the master's associated address.
 */
export const WITHDRAW_SKIP_REASONS = [
  'master',
  'empty',
  'frozen',
  'non-transferable',
  'transfer hook',
  'paused',
  'unsupported extension',
  'master account frozen',
  'master account requires memo',
  'master account not associated',
] as const;
export const withdrawSkipReasonSchema = z.enum(WITHDRAW_SKIP_REASONS);
export type WithdrawSkipReason = z.infer<typeof withdrawSkipReasonSchema>;

/**
 * Why an emptied account stays open although `closeEmptied` was asked: Token-2022 refuses to
 * close an account still holding withheld transfer fees.
 */
export const KEEP_OPEN_REASONS = ['withheld transfer fees'] as const;

/** A Token-2022 mint's transfer fee in the epoch the plan was made in; null: no fee. */
export const transferFeeViewSchema = z
  .object({
    basisPoints: z.number().int().nonnegative(),
    maximumFeeRaw: u64StringSchema,
  })
  .nullable();

/** One mint the withdrawal moves, into the master's associated account for it. */
export const withdrawMintViewSchema = z.object({
  mint: z.string(),
  program: tokenProgramSchema,
  decimals: z.number().int().nonnegative(),
  transferFee: transferFeeViewSchema,
  /** Source accounts withdrawn and wallets holding them. */
  accounts: z.number().int().nonnegative(),
  wallets: z.number().int().nonnegative(),
  /** What leaves the wallets, and what the master receives (less Token-2022 transfer fees). */
  amountRaw: u64StringSchema,
  receivedRaw: u64StringSchema,
  transferFeeRaw: u64StringSchema,
  /** The master's associated token account, created (paid by the master) when missing. */
  masterAccount: z.string(),
  masterAccountExists: z.boolean(),
  masterBeforeRaw: u64StringSchema,
  masterAfterRaw: u64StringSchema,
});
export type WithdrawMintView = z.infer<typeof withdrawMintViewSchema>;

export const withdrawWalletViewSchema = z.object({
  wallet: z.string(),
  walletId: z.string().nullable(),
  /** Accounts withdrawn from, and of those closed in the same transaction. */
  accounts: z.number().int().nonnegative(),
  closes: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** Rent the closes return to the master. */
  rentLamports: u64StringSchema,
  /** This wallet's share of the fees (the master pays them). */
  feeLamports: u64StringSchema,
});

/** One transaction the withdrawal will sign, as the confirm dialog lists it. */
export const withdrawTransactionViewSchema = z.object({
  owners: z.array(z.string()),
  transfers: z.number().int().nonnegative(),
  closes: z.number().int().nonnegative(),
  /** Associated accounts of the master created (idempotently) before its transfers. */
  creates: z.number().int().nonnegative(),
  signatures: z.number().int().positive(),
  sizeBytes: z.number().int().positive(),
  computeUnitLimit: z.number().int().nonnegative(),
  feeLamports: u64StringSchema,
});

export const withdrawSkippedViewSchema = z.object({
  wallet: z.string(),
  tokenAccount: z.string(),
  mint: z.string(),
  program: tokenProgramSchema,
  amountRaw: u64StringSchema,
  reason: withdrawSkipReasonSchema,
});

export const keptOpenViewSchema = z.object({
  wallet: z.string(),
  tokenAccount: z.string(),
  mint: z.string(),
  reason: z.enum(KEEP_OPEN_REASONS),
});

/** The master's SOL before and after every planned transaction lands. */
export const masterLamportsViewSchema = z.object({
  beforeLamports: u64StringSchema,
  afterLamports: signedIntegerSchema,
});

/**
 * The answer of `POST /api/withdraw-spl-tokens/plan`: what will be signed, what it costs the
 * master (fees, rent of associated accounts it creates) and returns to it (rent of closed
 * accounts), what is skipped and why, and every problem. `ready` enables Confirm.
 */
export const withdrawSplTokensPlanSchema = z.object({
  planId: planIdSchema,
  kind: z.literal('token.withdraw'),
  createdAt: z.string(),
  expiresAt: z.string(),
  ready: z.boolean(),
  master: z.string(),
  closeEmptied: z.boolean(),
  microLamportsPerUnit: u64StringSchema,
  /** Wallets in scope, and those with something to withdraw. */
  totalWallets: z.number().int().nonnegative(),
  walletsWithTokens: z.number().int().nonnegative(),
  accounts: z.number().int().nonnegative(),
  closes: z.number().int().nonnegative(),
  mints: z.array(withdrawMintViewSchema),
  wallets: z.array(withdrawWalletViewSchema),
  transactions: z.array(withdrawTransactionViewSchema),
  /** Fees of every transaction, all paid by the master. */
  feeLamports: u64StringSchema,
  /** Rent the master pays for its associated accounts created. */
  accountRentLamports: u64StringSchema,
  /** Rent the closes return to the master. */
  reclaimedRentLamports: u64StringSchema,
  /** reclaimed − fees − account rent: what the master's SOL moves by. */
  netLamports: signedIntegerSchema,
  masterLamports: masterLamportsViewSchema,
  skippedAccounts: z.number().int().nonnegative(),
  skipped: z.array(withdrawSkippedViewSchema),
  keptOpen: z.array(keptOpenViewSchema),
  problems: z.array(planProblemSchema),
});
export type WithdrawSplTokensPlan = z.infer<typeof withdrawSplTokensPlanSchema>;

// ---------------------------------------------------------------------------------------------
// Distribute SPL tokens from the master
// ---------------------------------------------------------------------------------------------

/**
 * A token amount as typed: digits with at most one decimal point (`1.5`, `.5`, `5.`), no sign,
 * exponent or grouping. Read exactly at the mint's decimals by the server (`unit: 'ui'`) or as
 * the raw integer (`unit: 'raw'`, digits only); 0 skips the recipient (spec 2 §5).
 */
export const tokenAmountTextSchema = z
  .string()
  .max(40, 'A token amount has at most 40 characters')
  .regex(/^(\d+(\.\d*)?|\.\d+)$/, 'Enter the amount as a number of tokens, like 1.5');

export const TOKEN_AMOUNT_UNITS = ['ui', 'raw'] as const;

/** A recipient, named by its address or its wallet id, with its own amount or `amountEach`'s. */
export const splRecipientSchema = z
  .object({
    address: addressTextSchema.optional(),
    walletId: walletIdSchema('Invalid wallet id').optional(),
    amount: tokenAmountTextSchema.optional(),
  })
  .strict()
  .refine((recipient) => (recipient.address === undefined) !== (recipient.walletId === undefined), {
    message: 'Name each recipient by address or by wallet id',
  });

/**
 * `POST /api/distribute-spl-tokens/plan`: master → recipients, one mint. An equal amount for
 * every recipient (`amountEach`) or one per recipient (`recipients[].amount`, which wins).
 */
export const distributeSplTokensPlanRequestSchema = z
  .object({
    mint: addressTextSchema,
    unit: z.enum(TOKEN_AMOUNT_UNITS).default('ui'),
    amountEach: tokenAmountTextSchema.optional(),
    recipients: z
      .array(splRecipientSchema)
      .min(1, 'Add at least one recipient')
      .max(
        MAX_OPERATION_WALLETS,
        `At most ${MAX_OPERATION_WALLETS.toLocaleString('en-US')} recipients`,
      ),
  })
  .strict()
  .refine(
    (body) => body.amountEach !== undefined || body.recipients.every((r) => r.amount !== undefined),
    { message: 'Give every recipient an amount, or one amount for all (amountEach)' },
  );
export type DistributeSplTokensPlanRequest = z.input<typeof distributeSplTokensPlanRequestSchema>;

/**
 * Why a recipient is left out. `zero amount` (spec 2 §5), `master` (the master itself),
 * `recipient account frozen`, `recipient account requires memo`, and `recipient account not
 * associated` (something other than a token account of the recipient for this mint sits at its
 * associated address).
 */
export const DISTRIBUTE_SKIP_REASONS = [
  'zero amount',
  'master',
  'recipient account frozen',
  'recipient account requires memo',
  'recipient account not associated',
] as const;
export const distributeSkipReasonSchema = z.enum(DISTRIBUTE_SKIP_REASONS);
export type DistributeSkipReason = z.infer<typeof distributeSkipReasonSchema>;

export const distributeRecipientViewSchema = z.object({
  address: z.string(),
  walletId: z.string().nullable(),
  /** The recipient's associated token account (created when missing, paid by the master). */
  tokenAccount: z.string(),
  createsAccount: z.boolean(),
  rentLamports: u64StringSchema,
  amountRaw: u64StringSchema,
  /** What arrives: the amount less the mint's transfer fee (Token-2022), withheld at the account. */
  receivedRaw: u64StringSchema,
  beforeRaw: u64StringSchema,
  afterRaw: u64StringSchema,
});
export type DistributeRecipientView = z.infer<typeof distributeRecipientViewSchema>;

export const distributeTransactionViewSchema = z.object({
  recipients: z.number().int().nonnegative(),
  creates: z.number().int().nonnegative(),
  signatures: z.number().int().positive(),
  sizeBytes: z.number().int().positive(),
  computeUnitLimit: z.number().int().nonnegative(),
  feeLamports: u64StringSchema,
});

export const distributeMintViewSchema = z.object({
  mint: z.string(),
  program: tokenProgramSchema,
  decimals: z.number().int().nonnegative(),
  transferFee: transferFeeViewSchema,
});

/** The answer of `POST /api/distribute-spl-tokens/plan`. */
export const distributeSplTokensPlanSchema = z.object({
  planId: planIdSchema,
  kind: z.literal('token.distribute'),
  createdAt: z.string(),
  expiresAt: z.string(),
  ready: z.boolean(),
  master: z.string(),
  mint: distributeMintViewSchema,
  microLamportsPerUnit: u64StringSchema,
  /** The master's account the tokens leave from, and its balance before and after. */
  sourceAccount: z.string().nullable(),
  masterTokenBeforeRaw: u64StringSchema,
  masterTokenAfterRaw: signedIntegerSchema,
  amountRaw: u64StringSchema,
  receivedRaw: u64StringSchema,
  transferFeeRaw: u64StringSchema,
  recipients: z.array(distributeRecipientViewSchema),
  accountsToCreate: z.number().int().nonnegative(),
  /** Rent of the recipients' associated accounts the master creates. */
  rentLamports: u64StringSchema,
  transactions: z.array(distributeTransactionViewSchema),
  feeLamports: u64StringSchema,
  /** Fees and rent: what the distribution costs the master in SOL. */
  totalLamports: u64StringSchema,
  masterLamports: masterLamportsViewSchema,
  skippedRecipients: z.number().int().nonnegative(),
  skipped: z.array(
    z.object({
      address: z.string(),
      walletId: z.string().nullable(),
      reason: distributeSkipReasonSchema,
    }),
  ),
  problems: z.array(planProblemSchema),
});
export type DistributeSplTokensPlan = z.infer<typeof distributeSplTokensPlanSchema>;

// ---------------------------------------------------------------------------------------------
// Executing and following either
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/withdraw-spl-tokens { planId }` and `POST /api/distribute-spl-tokens { planId }`:
 * run a stored plan. The answer is `executePlanResponseSchema` (`{ jobId, operationId }`).
 */
export const splTokensExecuteRequestSchema = z.object({ planId: planIdSchema }).strict();

/**
 * `GET /api/withdraw-spl-tokens/progress?jobId=` and `GET /api/distribute-spl-tokens/progress?
 * jobId=` take `jobIdQuerySchema`; abort is `POST /api/jobs/:id/abort`.
 */

/** One account or recipient that did not go through, with the chain's or Fleet's reason. */
export const splTransferErrorSchema = z.object({
  wallet: z.string(),
  tokenAccount: z.string(),
  mint: z.string(),
  signature: z.string().nullable(),
  message: z.string(),
});
export type SplTransferError = z.infer<typeof splTransferErrorSchema>;

/** Running figures of a token transfer job, from what has landed. */
export const splTransferTotalsSchema = z.object({
  /** Wallets (sources of a withdrawal, recipients of a distribution) all of whose items ended. */
  processedWallets: z.number().int().nonnegative(),
  totalWallets: z.number().int().nonnegative(),
  succeededWallets: z.number().int().nonnegative(),
  failedWallets: z.number().int().nonnegative(),
  /** Token transfers landed, accounts closed with them, associated accounts created. */
  transfers: z.number().int().nonnegative(),
  closes: z.number().int().nonnegative(),
  createdAccounts: z.number().int().nonnegative(),
  failedTransfers: z.number().int().nonnegative(),
  /** Fees of landed transactions (a transaction that landed failed pays its fee too). */
  feeLamports: u64StringSchema,
  /** Rent returned by closes (withdrawal) or paid for created accounts (both). */
  reclaimedRentLamports: u64StringSchema,
  accountRentLamports: u64StringSchema,
});
export type SplTransferTotals = z.infer<typeof splTransferTotalsSchema>;

/** Raw amounts moved per mint, as landed. */
export const splTransferMintTotalSchema = z.object({
  mint: z.string(),
  amountRaw: u64StringSchema,
  receivedRaw: u64StringSchema,
});

/** The `report` of a token transfer job (`GET /api/jobs/:id`), also inside the progress answer. */
export const splTransferReportSchema = z.object({
  operationId: z.string().uuid(),
  kind: z.enum(['token.withdraw', 'token.distribute']),
  totals: splTransferTotalsSchema,
  mints: z.array(splTransferMintTotalSchema),
  /** Spec 2 §7's `report.errors`: empty when everything went through. */
  errors: z.array(splTransferErrorSchema),
  done: z.boolean(),
});
export type SplTransferReport = z.infer<typeof splTransferReportSchema>;

/**
 * Spec 2 §7's progress answer (`statusMessage`, `isDone`, `processedItems`, `totalItems`,
 * `logMessages`, `report.errors`), polled every 2 s until `isDone`; `status` says how it ended
 * (`cancelled` after Abort). `logMessages` are the job's lines, oldest first (at most 400).
 */
export const splTransferProgressSchema = z.object({
  jobId: z.string().uuid(),
  operationId: z.string().uuid(),
  status: jobStatusSchema,
  statusMessage: z.string(),
  isDone: z.boolean(),
  processedItems: z.number().int().nonnegative(),
  totalItems: z.number().int().nonnegative(),
  logMessages: z.array(z.string()),
  report: splTransferReportSchema,
});
export type SplTransferProgress = z.infer<typeof splTransferProgressSchema>;

/**
 * Spec 2 §8's toast when a withdrawal ends: 'SPL Token Withdrawal Finished', a warning when the
 * report has errors (or the job did not succeed), a success otherwise.
 */
export function splWithdrawalFinishedToast(
  progress: Pick<SplTransferProgress, 'status' | 'report'>,
): {
  readonly title: string;
  readonly description: string;
  readonly tone: 'warning' | 'success';
} {
  const { totals, errors } = progress.report;
  const warning = errors.length > 0 || progress.status !== 'succeeded';
  return {
    title: 'SPL Token Withdrawal Finished',
    description: `${totals.succeededWallets}/${totals.totalWallets} wallets withdrawn, ${totals.transfers} transfers, ${errors.length} error(s)`,
    tone: warning ? 'warning' : 'success',
  };
}
