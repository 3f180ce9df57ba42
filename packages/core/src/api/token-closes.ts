import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { u64StringSchema } from '../primitives/u64';
import { MAX_OPERATION_WALLETS } from './sol-operations';

/**
 * Closing empty token accounts (issue 19; spec 2 §2.4, §3, §4, §5, §7): planned from the chain
 * first, executed by the plan's id as a job, followed as spec 2 §7's event stream. Lamports travel
 * as u64 decimal strings.
 */

/** A mint list longer than this is refused (issue 19, "Bad input"). */
export const MAX_CLOSE_TOKEN_MINTS = 10_000;

export const rentDestinationSchema = z.enum(['master', 'owner']);

/**
 * `POST /api/solana/close-tokens/plan`. No wallet addresses means every active wallet of the
 * tenant; no `tokenMints` means every mint, and an empty list closes nothing (spec 2 §5).
 */
export const closeTokensPlanRequestSchema = z
  .object({
    walletAddresses: z
      .array(addressTextSchema)
      .max(MAX_OPERATION_WALLETS, `At most ${MAX_OPERATION_WALLETS} wallets`)
      .default([]),
    tokenMints: z
      .array(addressTextSchema)
      .max(MAX_CLOSE_TOKEN_MINTS, `At most ${MAX_CLOSE_TOKEN_MINTS} token mints`)
      .optional(),
    rentDestination: rentDestinationSchema.default('master'),
  })
  .strict();
export type CloseTokensPlanRequest = z.infer<typeof closeTokensPlanRequestSchema>;

const blockersSchema = z.object({
  'has balance': z.number().int().nonnegative(),
  frozen: z.number().int().nonnegative(),
  'withheld transfer fees': z.number().int().nonnegative(),
});

/** Rent less fees: may be negative in a forecast, so a signed integer string. */
const signedLamportsSchema = z.string().regex(/^-?\d+$/, 'Invalid lamport amount');

export const walletCloseForecastSchema = z.object({
  wallet: z.string(),
  walletId: z.string().nullable(),
  closableAccounts: z.number().int().nonnegative(),
  rentLamports: u64StringSchema,
  feeLamports: u64StringSchema,
  netLamports: signedLamportsSchema,
  blockers: blockersSchema,
});

export const closeForecastSchema = z.object({
  wallets: z.array(walletCloseForecastSchema),
  totalWallets: z.number().int().nonnegative(),
  closableAccounts: z.number().int().nonnegative(),
  rentLamports: u64StringSchema,
  feeLamports: u64StringSchema,
  netLamports: signedLamportsSchema,
  blockers: blockersSchema,
  transactions: z.number().int().nonnegative(),
});
export type CloseForecastView = z.infer<typeof closeForecastSchema>;

export const closeTransactionViewSchema = z.object({
  owners: z.array(z.string()),
  /** Who pays the fee and signs first: the master, or the one owner paying its own. */
  feePayer: z.string(),
  accounts: z.number().int().positive(),
  signatures: z.number().int().positive(),
  size: z.number().int().positive(),
  computeUnitLimit: z.number().int().nonnegative(),
  feeLamports: u64StringSchema,
  rentLamports: u64StringSchema,
});

export const skippedAccountSchema = z.object({
  wallet: z.string(),
  tokenAccount: z.string(),
  mint: z.string(),
  program: z.enum(['token', 'token2022']),
  reason: z.enum(['has balance', 'frozen', 'withheld transfer fees']),
});

/** The most skipped accounts a plan lists one by one; `skippedAccounts` counts them all. */
export const MAX_LISTED_SKIPPED_ACCOUNTS = 1_000;

export const closeTokensPlanSchema = z.object({
  planId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  master: z.string(),
  rentDestination: rentDestinationSchema,
  microLamportsPerUnit: u64StringSchema,
  forecast: closeForecastSchema,
  transactions: z.array(closeTransactionViewSchema),
  feeLamports: u64StringSchema,
  rentLamports: u64StringSchema,
  netLamports: signedLamportsSchema,
  totalWallets: z.number().int().nonnegative(),
  closableAccounts: z.number().int().nonnegative(),
  skippedAccounts: z.number().int().nonnegative(),
  skipped: z.array(skippedAccountSchema),
});
export type CloseTokensPlan = z.infer<typeof closeTokensPlanSchema>;

/** Spec 2 §3's close statistics' running totals, lamports as u64 strings. */
export const closeTotalsSchema = z.object({
  closedAccounts: z.number().int().nonnegative(),
  skippedAccounts: z.number().int().nonnegative(),
  rentLamports: u64StringSchema,
  feeLamports: u64StringSchema,
  profitLamports: u64StringSchema,
});
export type CloseTotals = z.infer<typeof closeTotalsSchema>;

/** One wallet finished, as the stream's `wallet` event tells it (without the counter). */
export const closedWalletSchema = z.object({
  wallet: z.string(),
  closedInThisWallet: z.number().int().nonnegative(),
  skippedInThisWallet: z.number().int().nonnegative(),
  totals: closeTotalsSchema,
});

/**
 * The close job's report (`GET /api/jobs/:id`'s `report`): the wallets in the order they
 * finished, so a stream re-attached after a reload tells the same events again.
 */
export const closeJobReportSchema = z.object({
  totalWallets: z.number().int().nonnegative(),
  wallets: z.array(closedWalletSchema),
  totals: closeTotalsSchema,
  done: z.boolean(),
});
export type CloseJobReport = z.infer<typeof closeJobReportSchema>;

/** `POST /api/solana/close-tokens { planId }`. */
export const closeTokensExecuteRequestSchema = z
  .object({ planId: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid plan id') })
  .strict();

/** Spec 2 §7's close-tokens stream, event by event. */
export type CloseTokensEvent =
  | { readonly event: 'start'; readonly data: { totalWallets: number; jobId: string } }
  | {
      readonly event: 'wallet';
      readonly data: {
        processedWallets: number;
        totalWallets: number;
        closedInThisWallet: number;
        skippedInThisWallet: number;
        wallet: string;
        totals: CloseTotals;
      };
    }
  | { readonly event: 'error'; readonly data: { message: string } }
  | {
      readonly event: 'done';
      readonly data: {
        totalWallets: number;
        totalClosedAccounts: number;
        totalSkippedAccounts: number;
        totalRentLamports: string;
        totalFeeLamports: string;
        profitLamports: string;
      };
    };

/** The buffered answer for a client that does not stream: every event, and the final figures. */
export interface CloseTokensResult {
  readonly jobId: string;
  readonly operationId: string | null;
  readonly events: readonly CloseTokensEvent[];
  readonly done: Extract<CloseTokensEvent, { event: 'done' }>['data'] | null;
  readonly error: string | null;
}

const closeDoneSchema = z.object({
  totalWallets: z.number().int().nonnegative(),
  totalClosedAccounts: z.number().int().nonnegative(),
  totalSkippedAccounts: z.number().int().nonnegative(),
  totalRentLamports: u64StringSchema,
  totalFeeLamports: u64StringSchema,
  profitLamports: u64StringSchema,
});

/** One event of the stream as the web reads it (`event:` name and its `data:` JSON together). */
export const closeTokensEventSchema: z.ZodType<CloseTokensEvent> = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ totalWallets: z.number().int().nonnegative(), jobId: z.string().uuid() }),
  }),
  z.object({
    event: z.literal('wallet'),
    data: closedWalletSchema.extend({
      processedWallets: z.number().int().nonnegative(),
      totalWallets: z.number().int().nonnegative(),
    }),
  }),
  z.object({ event: z.literal('error'), data: z.object({ message: z.string() }) }),
  z.object({ event: z.literal('done'), data: closeDoneSchema }),
]);

/** `POST /api/solana/close-tokens` answered without `Accept: text/event-stream`. */
export const closeTokensResultSchema: z.ZodType<CloseTokensResult> = z.object({
  jobId: z.string().uuid(),
  operationId: z.string().uuid().nullable(),
  events: z.array(closeTokensEventSchema),
  done: closeDoneSchema.nullable(),
  error: z.string().nullable(),
});
