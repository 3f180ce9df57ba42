import { z } from 'zod';

// The stored close plan read back at execution (it was written by `close-plan.ts`): only the
// fields the execution uses, checked, since a stored plan is JSON from the database.

const lamportsText = z.string().regex(/^\d+$/);

export const storedCloseItemSchema = z.object({
  wallet: z.string(),
  walletId: z.string().nullable(),
  tokenAccount: z.string(),
  mint: z.string(),
  program: z.enum(['token', 'token2022']),
  destination: z.string(),
  rentLamports: lamportsText,
  feeLamports: lamportsText,
});

export const storedCloseBuildSchema = z.object({
  master: z.string(),
  rentDestination: z.enum(['master', 'owner']),
  microLamportsPerUnit: lamportsText,
  wallets: z.array(z.string()),
  items: z.array(storedCloseItemSchema),
  transactions: z.array(
    z.object({
      items: z.array(z.number().int().nonnegative()),
      owners: z.array(z.string()),
      // Absent in plans stored before owners could pay their own: the master paid.
      feePayer: z.string().optional(),
      computeUnitLimit: z.number().int().nonnegative(),
      feeLamports: lamportsText,
    }),
  ),
  skippedByWallet: z.record(z.string(), z.number().int().nonnegative()),
});
export type StoredCloseBuild = z.infer<typeof storedCloseBuildSchema>;
