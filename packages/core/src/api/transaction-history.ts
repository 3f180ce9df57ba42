import { z } from 'zod';
import {
  TRANSACTION_HISTORY_FILTERS,
  TRANSACTION_RECORD_STATUSES,
  TRANSACTION_SIDES,
} from '../ledger/transaction-history';
import { addressSchema } from '../primitives/address';

export const TRANSACTION_HISTORY_PAGE_SIZE = 100;
export const TRANSACTION_HISTORY_MAX_PAGE_SIZE = 500;

/**
 * `GET /api/transactions?filter=&cursor=&limit=&wallet=` (issue 19): every transaction the fleet
 * sent, newest first, a page at a time; `wallet` keeps those that move SOL from or to it. The CSV
 * (`GET /api/transactions.csv`) takes the same filter and wallet and ignores the paging.
 */
export const transactionHistoryQuerySchema = z.object({
  filter: z.enum(TRANSACTION_HISTORY_FILTERS).default('all'),
  cursor: z.string().max(200, 'Invalid transaction history cursor').optional(),
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(
      TRANSACTION_HISTORY_MAX_PAGE_SIZE,
      `Limit must be at most ${TRANSACTION_HISTORY_MAX_PAGE_SIZE}`,
    )
    .default(TRANSACTION_HISTORY_PAGE_SIZE),
  wallet: addressSchema.optional(),
});
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuerySchema>;

/** Spec 2 §3's transaction record, with the ledger's operation and kind beside it. */
export const transactionRecordSchema = z.object({
  id: z.string().uuid(),
  operationId: z.string().uuid(),
  /** The operation's kind (`sol.distribute`...): open-ended, kinds are added by later features. */
  kind: z.string(),
  side: z.enum(TRANSACTION_SIDES),
  /** The wallet the transaction is about: for a packed one its first item's; null for a setup. */
  wallet: z.string().nullable(),
  /** How many wallets it is about (a distribution packs several recipients in one). */
  walletCount: z.number().int().nonnegative(),
  /** The SOL its items move, every digit ("0.001"), never a JSON number. */
  amountSol: z.string().regex(/^\d+(\.\d+)?$/),
  /** Raw token amount as a decimal string; null for SOL operations. */
  tokens: z.string().nullable(),
  /** The signature; null while planned. */
  txId: z.string().nullable(),
  timestamp: z.string(),
  status: z.enum(TRANSACTION_RECORD_STATUSES),
  error: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const transactionHistoryPageSchema = z.object({
  transactions: z.array(transactionRecordSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TransactionHistoryPage = z.infer<typeof transactionHistoryPageSchema>;
