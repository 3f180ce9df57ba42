import { z } from 'zod';

// The stored burn plan read back at execution (it was written by `burn-plan.ts`): only the fields
// the execution uses, checked, since a stored plan is JSON from the database.

const digits = z.string().regex(/^\d+$/);

export const storedBurnItemSchema = z.object({
  wallet: z.string(),
  walletId: z.string().nullable(),
  tokenAccount: z.string(),
  mint: z.string(),
  program: z.enum(['token', 'token2022']),
  /** Raw units burned: the whole balance at plan time. */
  amount: digits,
  decimals: z.number().int().min(0).max(255),
  destination: z.string(),
  rentLamports: digits,
  feeLamports: digits,
});
export type StoredBurnItem = z.infer<typeof storedBurnItemSchema>;

export const storedBurnTransactionSchema = z.object({
  /** Positions in `items`. */
  items: z.array(z.number().int().nonnegative()),
  owners: z.array(z.string()),
  computeUnitLimit: z.number().int().nonnegative(),
  feeLamports: digits,
  /** The size the plan measured: a build of another size is refused before it is signed. */
  size: z.number().int().positive(),
});
export type StoredBurnTransaction = z.infer<typeof storedBurnTransactionSchema>;

export const storedBurnBuildSchema = z.object({
  master: z.string(),
  rentDestination: z.enum(['master', 'owner']),
  microLamportsPerUnit: digits,
  /** Every wallet in scope in the order chosen, with dust or not: the stream counts them all. */
  wallets: z.array(z.string()),
  items: z.array(storedBurnItemSchema),
  transactions: z.array(storedBurnTransactionSchema),
});
export type StoredBurnBuild = z.infer<typeof storedBurnBuildSchema>;
