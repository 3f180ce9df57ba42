import { z } from 'zod';
import { solPlanSchema } from '@fleet/core';

/**
 * What a stored SOL plan holds besides its view: everything the execution needs to sign exactly
 * what the operator confirmed. The plan's id is the hash of all of it (decision 025), so an
 * execution reads these figures back unaltered or not at all.
 *
 * A two-hop plan names its middlemen by placeholder (`middleman:<n>`): they are generated and
 * sealed in the vault when the plan is executed, in the transaction that creates the operation,
 * so a plan that is only looked at leaves no keys behind.
 */
export const MIDDLEMAN_PLACEHOLDER = 'middleman:';

const u64Text = z.string().regex(/^\d+$/);

export const planItemSchema = z.object({
  leg: z.enum(['direct', 'firstHop', 'secondHop']),
  walletId: z.string().uuid().nullable(),
  from: z.string(),
  to: z.string(),
  lamports: u64Text,
});
export type PlanItem = z.infer<typeof planItemSchema>;

/** A table the tenant has (by address), or the n-th table the operation creates. */
export const tableRefSchema = z.union([
  z.object({ existing: z.string() }).strict(),
  z.object({ newTable: z.number().int().nonnegative() }).strict(),
]);
export type TableRef = z.infer<typeof tableRefSchema>;

export const planTransactionBuildSchema = z.object({
  /** Positions of its items in `items`. */
  items: z.array(z.number().int().nonnegative()).min(1),
  /** The fee payer; null means the sender of its first item (a wallet paying its own fee). */
  feePayer: z.string().nullable(),
  computeUnitLimit: u64Text,
  /** v0 through this table; absent or null: legacy. */
  table: tableRefSchema.nullable().optional(),
});
export type PlanTransactionBuild = z.infer<typeof planTransactionBuildSchema>;

/**
 * One transaction that creates or extends a lookup table before the distribution that loads
 * from it (decision 027). A create's table address is fixed only when it is signed (it follows
 * from the slot it names), so extensions of a new table name it by index.
 */
export const setupStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('create'), newTable: z.number().int().nonnegative() }),
  z.object({
    kind: z.literal('extend'),
    table: tableRefSchema,
    addresses: z.array(z.string()).min(1),
  }),
]);
export type SetupStep = z.infer<typeof setupStepSchema>;

export const solPlanBuildSchema = z.object({
  master: z.string(),
  microLamportsPerUnit: u64Text,
  items: z.array(planItemSchema),
  transactions: z.array(planTransactionBuildSchema),
  /** How many fresh middlemen the execution generates (two-hop only). */
  middlemen: z.number().int().nonnegative(),
  /** The lookup tables' setup, run before any transfer; absent or null: none. */
  lookupTables: z
    .object({ setup: z.array(setupStepSchema), computeUnitLimit: u64Text })
    .nullable()
    .optional(),
  /**
   * Compute units as the plan measured them (`base + perTransfer × n`), for a transaction the
   * job must cut again: one whose table could not be set up is signed as legacy ones instead.
   */
  computeUnits: z.object({ base: u64Text, perTransfer: u64Text }).optional(),
});
export type SolPlanBuild = z.infer<typeof solPlanBuildSchema>;

/** The plan as `operation_plans.plan` stores it. */
export const storedSolPlanSchema = z.object({
  createdAt: z.string(),
  createdBy: z.string(),
  view: solPlanSchema.omit({ planId: true, expiresAt: true }),
  build: solPlanBuildSchema,
  /** The double distribution's recipients as planned, to check the start body against. */
  recipients: z.array(z.object({ destination: z.string(), amountLamports: u64Text })).nullable(),
  /** "Retry failed": the operation whose failures this plan pays again (null otherwise). */
  retryOf: z.string().uuid().nullable(),
});
export type StoredSolPlan = z.infer<typeof storedSolPlanSchema>;

export function isMiddlemanPlaceholder(address: string): boolean {
  return address.startsWith(MIDDLEMAN_PLACEHOLDER);
}
