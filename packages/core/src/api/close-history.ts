import { z } from 'zod';
import { addressSchema } from '../primitives/address';
import { u64StringSchema } from '../primitives/u64';

/**
 * The close history (spec 2 §2.6, §3, §7; issue 19): every token account the tenant's operations
 * closed, newest first. `GET /api/close-history` answers a page with the totals of the whole
 * filtered set; `GET /api/close-history.csv` the filtered set as a file.
 */

export const CLOSE_HISTORY_PAGE_SIZE = 100;
export const CLOSE_HISTORY_MAX_PAGE_SIZE = 500;

// A calendar date (`2026-11-28`, the whole UTC day) or an instant with its offset. Years 0001 to
// 9999 only: JavaScript takes ±275760 and year 0, Postgres neither (decision 016).
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

interface DateBound {
  /** The instant itself, or the day's first instant. */
  readonly start: Date;
  /** Whether the text named a whole day (a `to` date then includes that day). */
  readonly wholeDay: boolean;
}

function parseDateBound(text: string): DateBound | undefined {
  const day = DATE_ONLY.exec(text);
  const year = day?.[1] ?? DATE_TIME.exec(text)?.[1];
  if (year === undefined || year === '0000') return undefined;
  const start = new Date(day ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(start.getTime())) return undefined;
  // A day JavaScript rolls over (February 30th) is not the one the text names.
  if (day && start.toISOString().slice(0, 10) !== text) return undefined;
  return { start, wholeDay: day !== null };
}

const dateText = (name: string) =>
  z
    .string({ message: `${name} must be given once, as text` })
    .trim()
    .max(40, `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`)
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const bound = parseDateBound(value);
      if (!bound) {
        context.addIssue({
          code: 'custom',
          message: `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`,
        });
        return z.NEVER;
      }
      return bound;
    });

/** An empty parameter (`?wallet=`) means no filter. */
const addressFilter = z
  .string({ message: 'An address filter must be given once, as text' })
  .trim()
  .max(64, 'An address is 32 to 44 base58 characters')
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(addressSchema.optional());

const filterShape = {
  wallet: addressFilter,
  mint: addressFilter,
  from: dateText('From'),
  to: dateText('To'),
};

interface FilterInput {
  readonly wallet?: string | undefined;
  readonly mint?: string | undefined;
  readonly from?: DateBound | undefined;
  readonly to?: DateBound | undefined;
}

/** The filter as the repository reads it: a window `[from, before)` of `closed_at`. */
export interface CloseHistoryFilter {
  readonly wallet: string | undefined;
  readonly mint: string | undefined;
  readonly from: Date | undefined;
  readonly before: Date | undefined;
}

function toFilter(input: FilterInput, context: z.RefinementCtx): CloseHistoryFilter {
  const from = input.from?.start;
  const before = input.to
    ? new Date(input.to.start.getTime() + (input.to.wholeDay ? DAY_MS : 1))
    : undefined;
  if (from && before && from.getTime() >= before.getTime()) {
    context.addIssue({ code: 'custom', message: 'From must not be after To', path: ['from'] });
  }
  return { wallet: input.wallet, mint: input.mint, from, before };
}

/**
 * `GET /api/close-history.csv?wallet=&mint=&from=&to=`. `from` is inclusive; `to` is inclusive
 * too, a date meaning its whole UTC day.
 */
export const closeHistoryFilterSchema = z.object(filterShape).transform(toFilter);

/** `GET /api/close-history?cursor=&limit=&wallet=&mint=&from=&to=`: newest first, a page at a time. */
export const closeHistoryQuerySchema = z
  .object({
    ...filterShape,
    cursor: z
      .string({ message: 'Invalid close history cursor' })
      .max(200, 'Invalid close history cursor')
      .optional(),
    limit: z.coerce
      .number({ message: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(CLOSE_HISTORY_MAX_PAGE_SIZE, `Limit must be at most ${CLOSE_HISTORY_MAX_PAGE_SIZE}`)
      .default(CLOSE_HISTORY_PAGE_SIZE),
  })
  .transform(({ cursor, limit, ...input }, context) => ({
    ...toFilter(input, context),
    cursor: cursor ? cursor : undefined,
    limit,
  }));
export type CloseHistoryQuery = z.output<typeof closeHistoryQuerySchema>;

/** Spec 2 §3's close-history record, plus the profit and what was burned before the close. */
export const closeHistoryRecordSchema = z.object({
  id: z.string().uuid(),
  /** ISO 8601, UTC. */
  closed_at: z.string(),
  wallet_address: z.string(),
  mint_address: z.string(),
  token_account: z.string(),
  program: z.enum(['token', 'token2022']),
  rent_lamports: u64StringSchema,
  /** This account's share of its transaction's fee. */
  fee_lamports: u64StringSchema,
  /** Rent − fee, floored at 0 (spec 2 §9). */
  profit_lamports: u64StringSchema,
  /** The raw amount burned before the close; null for a plain close. */
  burned_raw: u64StringSchema.nullable(),
  tx_signature: z.string(),
});
export type CloseHistoryRecord = z.infer<typeof closeHistoryRecordSchema>;

/** Over the whole filtered set, not the page; profit is rent − fee of the set, floored at 0. */
export const closeHistoryTotalsSchema = z.object({
  accounts: z.number().int().nonnegative(),
  rentLamports: u64StringSchema,
  feeLamports: u64StringSchema,
  profitLamports: u64StringSchema,
});
export type CloseHistoryTotals = z.infer<typeof closeHistoryTotalsSchema>;

export const closeHistoryPageSchema = z.object({
  records: z.array(closeHistoryRecordSchema),
  nextCursor: z.string().nullable(),
  totals: closeHistoryTotalsSchema,
});
export type CloseHistoryPage = z.infer<typeof closeHistoryPageSchema>;

/** Rent − fee, floored at 0 (spec 2 §9): a close never shows a negative profit. */
export function closeProfitLamports(rentLamports: bigint, feeLamports: bigint): bigint {
  return rentLamports > feeLamports ? rentLamports - feeLamports : 0n;
}
