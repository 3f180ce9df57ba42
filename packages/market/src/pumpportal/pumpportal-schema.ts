// PumpPortal's data stream messages (pumpportal.fun/data-api/real-time): an acknowledgement
// `{ message }` per subscription, and events told apart by `txType`. Amounts are UI amounts
// (token counts with decimals, SOL), as PumpPortal sends them, not raw units.

import { z } from 'zod';

export const pumpAckSchema = z.looseObject({ message: z.string() });
export const pumpErrorSchema = z.looseObject({
  errors: z.union([z.string(), z.array(z.unknown())]),
});

export const pumpCreateSchema = z.looseObject({
  txType: z.literal('create'),
  signature: z.string(),
  mint: z.string(),
  traderPublicKey: z.string(),
  initialBuy: z.number().optional(),
  solAmount: z.number().optional(),
  bondingCurveKey: z.string().optional(),
  vTokensInBondingCurve: z.number().optional(),
  vSolInBondingCurve: z.number().optional(),
  marketCapSol: z.number().optional(),
  name: z.string(),
  symbol: z.string(),
  uri: z.string().optional(),
  pool: z.string().optional(),
});

export const pumpTradeSchema = z.looseObject({
  txType: z.enum(['buy', 'sell']),
  signature: z.string(),
  mint: z.string(),
  traderPublicKey: z.string(),
  tokenAmount: z.number(),
  solAmount: z.number(),
  newTokenBalance: z.number().optional(),
  bondingCurveKey: z.string().optional(),
  vTokensInBondingCurve: z.number().optional(),
  vSolInBondingCurve: z.number().optional(),
  marketCapSol: z.number().optional(),
  pool: z.string().optional(),
});

export const pumpMigrationSchema = z.looseObject({
  txType: z.literal('migrate'),
  signature: z.string(),
  mint: z.string(),
  pool: z.string().optional(),
});
