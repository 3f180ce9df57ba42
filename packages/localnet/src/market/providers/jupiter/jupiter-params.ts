// Jupiter's request parameters, checked with zod at the edge. Query values arrive as strings;
// amounts stay strings until they are u64-checked bigints. Unknown parameters are ignored, as
// Jupiter ignores them.

import { z } from 'zod';

import { decodeBase58 } from '../../../codec/base58.js';

const U64_MAX = 18_446_744_073_709_551_615n;

export const address = z.string().refine(isAddress, { message: 'Invalid public key' });

const u64String = z
  .string()
  .regex(/^\d{1,20}$/, { message: 'must be an unsigned integer' })
  .transform((text) => BigInt(text))
  .refine((value) => value > 0n && value <= U64_MAX, { message: 'must be between 1 and 2^64-1' });

const bool = z.enum(['true', 'false']).transform((text) => text === 'true');
const bps = z
  .string()
  .regex(/^\d{1,5}$/, { message: 'must be an integer' })
  .transform(Number)
  .refine((n) => n <= 10_000, { message: 'must be at most 10000' });

/** GET /swap/v1/quote */
export const quoteQuery = z.object({
  inputMint: address,
  outputMint: address,
  amount: u64String,
  slippageBps: bps.default(50),
  swapMode: z.enum(['ExactIn', 'ExactOut']).default('ExactIn'),
  onlyDirectRoutes: bool.default(false),
  asLegacyTransaction: bool.default(false),
  restrictIntermediateTokens: bool.optional(),
  dexes: z.string().optional(),
  excludeDexes: z.string().optional(),
  platformFeeBps: bps.optional(),
  maxAccounts: z.string().regex(/^\d+$/).optional(),
});
export type QuoteQuery = z.infer<typeof quoteQuery>;

const amountString = z.string().regex(/^\d{1,20}$/, { message: 'must be an unsigned integer' });

/** The quote as it comes back to /swap: only what the official client's serializer keeps. */
export const quoteResponseBody = z.object({
  inputMint: address,
  inAmount: amountString,
  outputMint: address,
  outAmount: amountString,
  otherAmountThreshold: amountString,
  swapMode: z.enum(['ExactIn', 'ExactOut']),
  slippageBps: z.number().int().min(0).max(10_000),
  priceImpactPct: z.string().optional(),
  routePlan: z
    .array(
      z.object({
        swapInfo: z.object({
          ammKey: address,
          inputMint: address,
          outputMint: address,
          inAmount: amountString,
          outAmount: amountString,
        }),
      }),
    )
    .min(1)
    .max(2),
  contextSlot: z.number().optional(),
});
export type QuoteResponseBody = z.infer<typeof quoteResponseBody>;

/** POST /swap/v1/swap */
export const swapBody = z.object({
  userPublicKey: address,
  payer: address.optional(),
  quoteResponse: quoteResponseBody,
  asLegacyTransaction: z.boolean().default(false),
  wrapAndUnwrapSol: z.boolean().optional(),
  useSharedAccounts: z.boolean().optional(),
  dynamicComputeUnitLimit: z.boolean().optional(),
  skipUserAccountsRpcCalls: z.boolean().optional(),
  dynamicSlippage: z.boolean().optional(),
  computeUnitPriceMicroLamports: z
    .union([z.number().int().nonnegative(), z.literal('auto')])
    .optional(),
  // A lamport budget, 'auto', or one of Jupiter's objects (priority level with a cap, Jito tip):
  // the sandbox has no congestion and no block engine, so only a plain budget changes the price.
  prioritizationFeeLamports: z
    .union([z.number().int().nonnegative(), z.enum(['auto', 'disabled']), z.looseObject({})])
    .optional(),
  destinationTokenAccount: address.optional(),
  feeAccount: address.optional(),
});
export type SwapBody = z.infer<typeof swapBody>;

/** GET /swap/v2/order and /swap/v2/build */
export const orderQuery = z.object({
  inputMint: address,
  outputMint: address,
  amount: u64String,
  taker: address.optional(),
  slippageBps: bps.default(50),
});
export type OrderQuery = z.infer<typeof orderQuery>;

/** POST /swap/v2/execute */
export const executeBody = z.object({
  signedTransaction: z.string().min(1),
  requestId: z.string().min(1),
});

/** POST /swap/v2/submit */
export const submitBody = z.object({
  signedTransaction: z.string().min(1),
  requestId: z.string().optional(),
});

/** GET /price/v3 */
export const priceQuery = z.object({ ids: z.string().min(1, { message: 'ids is required' }) });

export function isAddress(text: string): boolean {
  try {
    return decodeBase58(text).length === 32;
  } catch (_error) {
    return false;
  }
}

/** Zod's first problem as Jupiter words it: "Query parameter amount cannot be parsed: …". */
export function describeIssue(error: z.ZodError, where: 'Query parameter' | 'Field'): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request';
  const name = issue.path.join('.') || 'body';
  return issue.code === 'invalid_type' && issue.input === undefined
    ? `${where} ${name} is missing`
    : `${where} ${name} cannot be parsed: ${issue.message}`;
}
