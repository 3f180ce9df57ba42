import { z } from 'zod';

/**
 * Who pays a withdrawal's fees (spec 2 §4): the master, each wallet itself, or the master until it
 * runs short. Its own module so the operations' history can name it without importing the SOL
 * operations' contract (which imports the history's kinds).
 */
export const FEE_STRATEGIES = ['master', 'child', 'mixed'] as const;
export const feeStrategySchema = z.enum(FEE_STRATEGIES);
export type FeeStrategyName = z.infer<typeof feeStrategySchema>;
