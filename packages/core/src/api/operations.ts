import { z } from 'zod';
import type { ItemLeg, OperationKind } from '../ledger/items';
import { feeStrategySchema } from './fee-strategies';

/** The money operations as the API and the ledger's tables name them. */
export const OPERATION_KINDS = [
  'sol.distribute',
  'sol.aggregate',
  'sol.double_distribution',
  'token.close',
  'token.burn',
  'token.withdraw',
  'token.distribute',
] as const;
export const operationKindSchema = z.enum(OPERATION_KINDS);
export type OperationKindName = z.infer<typeof operationKindSchema>;

const CORE_KINDS: Readonly<Record<OperationKindName, OperationKind>> = {
  'sol.distribute': 'distributeSol',
  'sol.aggregate': 'aggregateSol',
  'sol.double_distribution': 'distributeSolTwoHop',
  'token.close': 'closeTokenAccounts',
  'token.burn': 'burnTokenAccounts',
  'token.withdraw': 'withdrawTokens',
  'token.distribute': 'distributeTokens',
};

/** Core's name of a kind (`distributeSol`...), for the ledger's pure functions. */
export function coreOperationKind(kind: OperationKindName): OperationKind {
  return CORE_KINDS[kind];
}

export const OPERATION_STATUSES = [
  'planned',
  'running',
  'succeeded',
  'partlyFailed',
  'failed',
] as const;
export const operationStatusSchema = z.enum(OPERATION_STATUSES);

export const ITEM_LEGS = [
  'direct',
  'firstHop',
  'secondHop',
  'close',
  'burn',
  'tokenTransfer',
] as const satisfies readonly ItemLeg[];

export const OPERATIONS_PAGE_SIZE = 50;
export const OPERATIONS_MAX_PAGE_SIZE = 200;

/** `GET /api/operations?kind=&cursor=&limit=`: newest first, a page at a time. */
export const listOperationsQuerySchema = z.object({
  kind: operationKindSchema.optional(),
  cursor: z.string().max(200, 'Invalid operations cursor').optional(),
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(OPERATIONS_MAX_PAGE_SIZE, `Limit must be at most ${OPERATIONS_MAX_PAGE_SIZE}`)
    .default(OPERATIONS_PAGE_SIZE),
});
export type ListOperationsQuery = z.infer<typeof listOperationsQuerySchema>;

/** The `:id` of `GET /api/operations/:id`. */
export const operationIdParamsSchema = z.object({ id: z.string().uuid() });

/** Lamports on the wire: a decimal string, never a JSON number (u64 does not fit a double). */
const lamportsText = z.string().regex(/^\d+$/);

export const operationTotalsSchema = z.object({
  wallets: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  forwarded: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  plannedLamports: lamportsText,
  succeededLamports: lamportsText,
  failedLamports: lamportsText,
});
export type OperationTotalsView = z.infer<typeof operationTotalsSchema>;

export const operationSummarySchema = z.object({
  id: z.string().uuid(),
  kind: operationKindSchema,
  status: operationStatusSchema,
  totals: operationTotalsSchema,
  jobId: z.string().uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OperationSummaryView = z.infer<typeof operationSummarySchema>;

export const operationListSchema = z.object({
  operations: z.array(operationSummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OperationList = z.infer<typeof operationListSchema>;

export const operationItemViewSchema = z.object({
  id: z.string().uuid(),
  leg: z.enum(ITEM_LEGS),
  walletId: z.string().uuid().nullable(),
  from: z.string(),
  to: z.string(),
  /** For a token transfer, the SOL moving with it: rent closed back or paid for a new account. */
  lamports: lamportsText,
  /** A token leg's mint and program; a token transfer's raw amount (absent or null otherwise). */
  mint: z.string().nullable().optional(),
  program: z.enum(['token', 'token2022']).nullable().optional(),
  tokenAmount: lamportsText.nullable().optional(),
  retryOf: z.string().uuid().nullable(),
  status: z.enum(['pending', 'sent', 'forwarded', 'confirmed', 'failed']),
  failureReason: z.string().nullable(),
});

export const operationTransactionViewSchema = z.object({
  id: z.string().uuid(),
  state: z.enum(['planned', 'signed', 'sent', 'confirmed', 'failed', 'expired']),
  signature: z.string().nullable(),
  itemIds: z.array(z.string().uuid()),
  broadcasts: z.number().int().nonnegative(),
  failureReason: z.string().nullable(),
});

/** `GET /api/operations/:id`: the summary (derived from the transactions), items, transactions. */
export const operationDetailSchema = operationSummarySchema.extend({
  report: z.string(),
  /** A withdrawal's fee strategy as executed (null for a distribution), so a retry can repeat it. */
  feeStrategy: feeStrategySchema.nullable(),
  /** The operation whose failed wallets this one paid again, and the one that retried this. */
  retryOf: z.string().uuid().nullable(),
  retriedBy: z.string().uuid().nullable(),
  items: z.array(operationItemViewSchema),
  transactions: z.array(operationTransactionViewSchema),
});
export type OperationDetail = z.infer<typeof operationDetailSchema>;
