// Swap API shapes. v1 from @jup-ag/api's QuoteResponse / SwapResponse (jup-ag/jupiter-quote-api-node);
// V2 /order and /execute from dev.jup.ag's Swap V2 reference; V2 /build from its migration guide
// ("Metis to /build"). Objects are loose: the quote goes back to /swap exactly as it came.

import { z } from 'zod';

import { optionalNumber, rawAmount } from '../schema/wire-values';

export const routePlanStepSchema = z.looseObject({
  swapInfo: z.looseObject({
    ammKey: z.string(),
    label: z.string().optional(),
    inputMint: z.string(),
    outputMint: z.string(),
    inAmount: z.string(),
    outAmount: z.string(),
  }),
  percent: z.number().nullable().optional(),
  bps: z.number().optional(),
});

/** GET /swap/v1/quote */
export const quoteV1Schema = z.looseObject({
  inputMint: z.string(),
  inAmount: z.string().regex(/^\d+$/),
  outputMint: z.string(),
  outAmount: z.string().regex(/^\d+$/),
  otherAmountThreshold: z.string().regex(/^\d+$/),
  swapMode: z.enum(['ExactIn', 'ExactOut']),
  slippageBps: z.number().int().nonnegative(),
  priceImpactPct: z.string(),
  routePlan: z.array(routePlanStepSchema),
  contextSlot: z.number().optional(),
  timeTaken: z.number().optional(),
});
export type QuoteV1 = z.infer<typeof quoteV1Schema>;

/** POST /swap/v1/swap */
export const swapV1Schema = z.looseObject({
  swapTransaction: z.string().min(1),
  lastValidBlockHeight: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  prioritizationFeeLamports: z.number().optional(),
  computeUnitLimit: z.number().optional(),
  simulationError: z.unknown().optional(),
});

/** GET /swap/v2/order: a quote, and with a taker the transaction to sign. */
export const orderV2Schema = z.looseObject({
  inputMint: z.string(),
  outputMint: z.string(),
  inAmount: rawAmount,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  slippageBps: z.number().int().nonnegative(),
  priceImpactPct: z.string().optional(),
  priceImpact: optionalNumber,
  routePlan: z.array(routePlanStepSchema).optional(),
  router: z.string().optional(),
  transaction: z.string().nullable().optional(),
  requestId: z.string().min(1),
  lastValidBlockHeight: z.union([z.number(), z.string()]).optional(),
  errorCode: z.number().optional(),
  errorMessage: z.string().optional(),
  error: z.string().optional(),
});

/** POST /swap/v2/execute */
export const executeV2Schema = z.looseObject({
  status: z.enum(['Success', 'Failed']).optional(),
  signature: z.string().optional(),
  slot: z.union([z.string(), z.number()]).optional(),
  code: z.number(),
  error: z.string().optional(),
  inputAmountResult: rawAmount.optional(),
  outputAmountResult: rawAmount.optional(),
});

const apiInstructionSchema = z.object({
  programId: z.string(),
  accounts: z.array(
    z.object({ pubkey: z.string(), isSigner: z.boolean(), isWritable: z.boolean() }),
  ),
  data: z.string(),
});
export type ApiInstruction = z.infer<typeof apiInstructionSchema>;

/** GET /swap/v2/build: the quote's amounts and the instructions, tables and blockhash to compose. */
export const buildV2Schema = z.looseObject({
  inputMint: z.string(),
  outputMint: z.string(),
  inAmount: rawAmount,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  slippageBps: z.number().int().nonnegative(),
  priceImpactPct: z.string().optional(),
  routePlan: z.array(routePlanStepSchema).optional(),
  computeBudgetInstructions: z.array(apiInstructionSchema),
  setupInstructions: z.array(apiInstructionSchema),
  swapInstruction: apiInstructionSchema,
  cleanupInstruction: apiInstructionSchema.nullable().optional(),
  otherInstructions: z.array(apiInstructionSchema).optional(),
  tipInstruction: apiInstructionSchema.nullable().optional(),
  addressesByLookupTableAddress: z.record(z.string(), z.array(z.string())).nullable().optional(),
  blockhashWithMetadata: z.looseObject({
    // A base58 string, or the hash's 32 bytes as Jupiter's Rust services serialise them.
    blockhash: z.union([z.string().min(32), z.array(z.number().int().min(0).max(255)).length(32)]),
    lastValidBlockHeight: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  }),
});
export type BuildV2 = z.infer<typeof buildV2Schema>;

/** POST /tx/v1/submit (Jupiter's landing service for any signed transaction). */
export const submitSchema = z.looseObject({ signature: z.string().min(1) });
