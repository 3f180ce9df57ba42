import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { u64StringSchema } from '../primitives/u64';
import { MAX_OPERATION_WALLETS } from './sol-operations';
import {
  MAX_CLOSE_TOKEN_MINTS,
  MAX_LISTED_SKIPPED_ACCOUNTS,
  closeTokensExecuteRequestSchema,
  closeTransactionViewSchema,
  rentDestinationSchema,
} from './token-closes';

/**
 * Burning dust (issue 19; spec 2 §2.4, §3's burn statistics, §4, §7, §8): token balances below a
 * threshold the operator sets are burned and their accounts closed in the same transaction, the
 * rent going to the master (or back to each owner). Planned from the chain and the market first,
 * executed by the plan's id as a `token.burn` job, followed as spec 2 §7's burn event stream.
 * Lamports and raw token amounts travel as u64 decimal strings; USD values are display figures.
 */

/** A mint list longer than this is refused (issue 19, "Bad input"), as for closes. */
export const MAX_BURN_TOKEN_MINTS = MAX_CLOSE_TOKEN_MINTS;

/** The most burned accounts a plan lists one by one; `burnAccounts` counts them all, `mints` sums them. */
export const MAX_LISTED_BURN_ACCOUNTS = 1_000;

/** A USD amount as typed: digits with an optional fraction, never negative, never a float's text. */
export const usdAmountTextSchema = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,12})?$/, 'Must be a non-negative number written in decimal digits');

/**
 * What counts as dust. `usd`: a priced balance worth less than `belowUsd` at the market's price
 * now. `raw`: a balance of fewer than `belowRaw` raw units, whatever its mint's decimals. Either
 * way an unpriced token is never dust unless its mint is named in `unpricedMints`.
 */
export const burnThresholdSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('usd'), belowUsd: usdAmountTextSchema }).strict(),
  z.object({ kind: z.literal('raw'), belowRaw: u64StringSchema }).strict(),
]);
export type BurnThreshold = z.infer<typeof burnThresholdSchema>;

/**
 * `POST /api/solana/burn-tokens/plan`. No wallet addresses means every active wallet of the
 * tenant; no `tokenMints` means every mint (an empty list burns nothing). `unpricedMints` are the
 * mints without a price the operator picks as dust: in `usd` mode each of their balances counts,
 * in `raw` mode those below `belowRaw`.
 */
export const burnTokensPlanRequestSchema = z
  .object({
    walletAddresses: z
      .array(addressTextSchema)
      .max(MAX_OPERATION_WALLETS, `At most ${MAX_OPERATION_WALLETS} wallets`)
      .default([]),
    tokenMints: z
      .array(addressTextSchema)
      .max(MAX_BURN_TOKEN_MINTS, `At most ${MAX_BURN_TOKEN_MINTS} token mints`)
      .optional(),
    threshold: burnThresholdSchema,
    unpricedMints: z
      .array(addressTextSchema)
      .max(MAX_BURN_TOKEN_MINTS, `At most ${MAX_BURN_TOKEN_MINTS} token mints`)
      .default([]),
    rentDestination: rentDestinationSchema.default('master'),
  })
  .strict();
export type BurnTokensPlanRequest = z.infer<typeof burnTokensPlanRequestSchema>;

/**
 * Why a token account in scope is not burned. `withheld transfer fees`: a Token-2022 dust balance
 * whose account holds withheld fees, which Token-2022 refuses to close until they are harvested to
 * the mint; burning it would land failed, fee paid, so it is skipped and named as the close names it.
 */
export const BURN_SKIP_REASONS = [
  'above threshold',
  'unpriced',
  'frozen',
  'withheld transfer fees',
  'wrapped SOL',
  'empty',
] as const;
export type BurnSkipReason = (typeof BURN_SKIP_REASONS)[number];
export const burnSkipReasonSchema = z.enum(BURN_SKIP_REASONS);

/** A balance's USD value at the plan's prices, or 'unpriced' when no provider prices its mint. */
export const burnValueSchema = z.union([z.number().nonnegative(), z.literal('unpriced')]);
export type BurnValue = z.infer<typeof burnValueSchema>;

const programSchema = z.enum(['token', 'token2022']);

/** One account to burn and close. */
export const burnAccountViewSchema = z.object({
  wallet: z.string(),
  walletId: z.string().nullable(),
  tokenAccount: z.string(),
  mint: z.string(),
  program: programSchema,
  /** Raw units burned: the whole balance the chain held at plan time. */
  amount: u64StringSchema,
  decimals: z.number().int().nonnegative(),
  valueUsd: burnValueSchema,
  rentLamports: u64StringSchema,
});
export type BurnAccountView = z.infer<typeof burnAccountViewSchema>;

/** Every burned mint, summed over the plan's accounts: complete even when `burns` is cut. */
export const burnMintViewSchema = z.object({
  mint: z.string(),
  program: programSchema,
  accounts: z.number().int().positive(),
  wallets: z.number().int().positive(),
  amount: u64StringSchema,
  decimals: z.number().int().nonnegative(),
  /** The price used, or null when the mint is unpriced (burned because it was named). */
  priceUsd: z.number().nonnegative().nullable(),
  valueUsd: burnValueSchema,
});
export type BurnMintView = z.infer<typeof burnMintViewSchema>;

export const burnSkippedAccountSchema = z.object({
  wallet: z.string(),
  tokenAccount: z.string(),
  mint: z.string(),
  program: programSchema,
  amount: u64StringSchema,
  valueUsd: burnValueSchema,
  reason: burnSkipReasonSchema,
});

/** Rent less fees: may be negative in a forecast, so a signed integer string. */
const signedLamportsSchema = z.string().regex(/^-?\d+$/, 'Invalid lamport amount');

export const walletBurnForecastSchema = z.object({
  wallet: z.string(),
  walletId: z.string().nullable(),
  burnAccounts: z.number().int().nonnegative(),
  skippedAccounts: z.number().int().nonnegative(),
  rentLamports: u64StringSchema,
  feeLamports: u64StringSchema,
  netLamports: signedLamportsSchema,
});

export const burnTokensPlanSchema = z.object({
  planId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  master: z.string(),
  rentDestination: rentDestinationSchema,
  microLamportsPerUnit: u64StringSchema,
  threshold: burnThresholdSchema,
  unpricedMints: z.array(z.string()),
  /** When the market's prices were read. */
  pricedAt: z.string(),
  totalWallets: z.number().int().nonnegative(),
  burnAccounts: z.number().int().nonnegative(),
  /** The USD value burned, summed over the priced accounts (named unpriced ones add nothing). */
  burnedValueUsd: z.number().nonnegative(),
  mints: z.array(burnMintViewSchema),
  /** The first `MAX_LISTED_BURN_ACCOUNTS` accounts, in plan order. */
  burns: z.array(burnAccountViewSchema),
  skippedAccounts: z.number().int().nonnegative(),
  skippedByReason: z.record(burnSkipReasonSchema, z.number().int().nonnegative()),
  /** The first `MAX_LISTED_SKIPPED_ACCOUNTS` skipped accounts. */
  skipped: z.array(burnSkippedAccountSchema).max(MAX_LISTED_SKIPPED_ACCOUNTS),
  wallets: z.array(walletBurnForecastSchema),
  transactions: z.array(closeTransactionViewSchema),
  rentLamports: u64StringSchema,
  feeLamports: u64StringSchema,
  netLamports: signedLamportsSchema,
});
export type BurnTokensPlan = z.infer<typeof burnTokensPlanSchema>;

/** `POST /api/solana/burn-tokens { planId }`: the same body as a close's execution. */
export const burnTokensExecuteRequestSchema = closeTokensExecuteRequestSchema;

/**
 * Spec 2 §3's burn statistics as running totals: `burnedTokens` counts the accounts whose balance
 * was burned, `closedAccounts` those closed after (the same transaction, so equal unless a
 * transaction failed); `failedAccounts` counts the planned accounts whose transaction landed
 * failed (a balance grew since the plan) and stayed as they were.
 */
export const burnTotalsSchema = z.object({
  burnedTokens: z.number().int().nonnegative(),
  closedAccounts: z.number().int().nonnegative(),
  failedAccounts: z.number().int().nonnegative(),
  rentLamports: u64StringSchema,
  feeLamports: u64StringSchema,
  profitLamports: u64StringSchema,
});
export type BurnTotals = z.infer<typeof burnTotalsSchema>;

/** One wallet finished, as the stream's `wallet` event tells it (without the counter). */
export const burnedWalletSchema = z.object({
  wallet: z.string(),
  burnedInThisWallet: z.number().int().nonnegative(),
  closedInThisWallet: z.number().int().nonnegative(),
  totals: burnTotalsSchema,
});

/** The burn job's report (`GET /api/jobs/:id`'s `report`): wallets in the order they finished. */
export const burnJobReportSchema = z.object({
  totalWallets: z.number().int().nonnegative(),
  wallets: z.array(burnedWalletSchema),
  totals: burnTotalsSchema,
  done: z.boolean(),
});
export type BurnJobReport = z.infer<typeof burnJobReportSchema>;

/** Spec 2 §7's burn stream, event by event. */
export type BurnTokensEvent =
  | { readonly event: 'start'; readonly data: { totalWallets: number; jobId: string } }
  | {
      readonly event: 'wallet';
      readonly data: {
        processedWallets: number;
        totalWallets: number;
        burnedInThisWallet: number;
        closedInThisWallet: number;
        wallet: string;
        totals: BurnTotals;
      };
    }
  | { readonly event: 'error'; readonly data: { message: string } }
  | {
      readonly event: 'done';
      readonly data: {
        totalWallets: number;
        totalBurnedTokens: number;
        totalClosedAccounts: number;
        totalRentLamports: string;
        totalFeeLamports: string;
        profitLamports: string;
      };
    };

/** The buffered answer for a client that does not stream: every event, and the final figures. */
export interface BurnTokensResult {
  readonly jobId: string;
  readonly operationId: string | null;
  readonly events: readonly BurnTokensEvent[];
  readonly done: Extract<BurnTokensEvent, { event: 'done' }>['data'] | null;
  readonly error: string | null;
}

const burnDoneSchema = z.object({
  totalWallets: z.number().int().nonnegative(),
  totalBurnedTokens: z.number().int().nonnegative(),
  totalClosedAccounts: z.number().int().nonnegative(),
  totalRentLamports: u64StringSchema,
  totalFeeLamports: u64StringSchema,
  profitLamports: u64StringSchema,
});

/** One event of the burn stream as the web reads it (`event:` name and its `data:` JSON together). */
export const burnTokensEventSchema: z.ZodType<BurnTokensEvent> = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ totalWallets: z.number().int().nonnegative(), jobId: z.string().uuid() }),
  }),
  z.object({
    event: z.literal('wallet'),
    data: burnedWalletSchema.extend({
      processedWallets: z.number().int().nonnegative(),
      totalWallets: z.number().int().nonnegative(),
    }),
  }),
  z.object({ event: z.literal('error'), data: z.object({ message: z.string() }) }),
  z.object({ event: z.literal('done'), data: burnDoneSchema }),
]);

/** `POST /api/solana/burn-tokens` answered without `Accept: text/event-stream`. */
export const burnTokensResultSchema: z.ZodType<BurnTokensResult> = z.object({
  jobId: z.string().uuid(),
  operationId: z.string().uuid().nullable(),
  events: z.array(burnTokensEventSchema),
  done: burnDoneSchema.nullable(),
  error: z.string().nullable(),
});
