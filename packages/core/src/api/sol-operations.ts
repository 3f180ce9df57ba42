import { z } from 'zod';
import { parseSolAmount } from '../format/parse-sol-amount';
import { addressTextSchema } from '../primitives/address';
import { walletIdSchema } from '../primitives/ids';
import { u64StringSchema } from '../primitives/u64';
import { feeStrategySchema } from './fee-strategies';
import { operationKindSchema } from './operations';

/**
 * The SOL operations' wire contract (issue 17; spec 2 §2.3–§5, spec 3 §2.1, §4, §7): every money
 * operation is planned first, and executing takes the plan's id, so what runs is exactly what the
 * operator confirmed. Amounts travel as decimal strings: SOL as typed, lamports as u64 text.
 */

/** The most recipients or source wallets one plan may name. */
export const MAX_OPERATION_WALLETS = 100_000;

/** Spec 2 §5: above this many recipients the dialog asks to confirm the split into transactions. */
export const SPLIT_CONFIRMATION_THRESHOLD = 100;

/** Spec 2 §9 / spec 3 §10: aggregation runs this many transactions at once. */
export const AGGREGATION_CONCURRENCY = 5;

/** Spec 3 §10: the double distribution's progress is polled this often. */
export const DOUBLE_DISTRIBUTION_POLL_MS = 1_500;

/** Spec 2 §4: the wait before balances are read again after a withdrawal. */
export const REFRESH_AFTER_OPERATION_MS = 1_500;

/** An amount of SOL as typed ("1.5"), read to lamports exactly; the parse's own sentence on failure. */
export const solAmountTextSchema = z.string().transform((text, ctx) => {
  const parsed = parseSolAmount(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.lamports;
});

function recipientsLimit<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .min(1, 'Add at least one recipient')
    .max(
      MAX_OPERATION_WALLETS,
      `At most ${MAX_OPERATION_WALLETS.toLocaleString('en-US')} recipients`,
    );
}

/** A recipient named by its address or by its wallet id; either way it must be this fleet's. */
export const distributeRecipientSchema = z
  .object({
    address: addressTextSchema.optional(),
    walletId: walletIdSchema('Invalid wallet id').optional(),
    amountSol: solAmountTextSchema,
  })
  .refine((recipient) => (recipient.address === undefined) !== (recipient.walletId === undefined), {
    message: 'Name each recipient by address or by wallet id',
  });

/** `POST /api/sol/distribute/plan`: master → recipients, an amount each (0 is skipped). */
/** "Retry failed": the finished operation whose failed wallets this plan pays again. */
const retryOfSchema = z.string().uuid('Invalid operation id').optional();

/**
 * Whether a distribution loads its recipients from the tenant's lookup tables: `auto` takes the
 * cheaper in fees (a table's rent is a deposit, shown but not counted), `always` builds or
 * extends the tables whatever this plan saves, `never` sends legacy transactions.
 */
export const LOOKUP_TABLE_CHOICES = ['auto', 'always', 'never'] as const;
export const lookupTableChoiceSchema = z.enum(LOOKUP_TABLE_CHOICES);
export type LookupTableChoice = z.infer<typeof lookupTableChoiceSchema>;

export const distributePlanRequestSchema = z.object({
  recipients: recipientsLimit(distributeRecipientSchema),
  lookupTable: lookupTableChoiceSchema.default('auto'),
  retryOf: retryOfSchema,
});
export type DistributePlanRequest = z.input<typeof distributePlanRequestSchema>;

/** `POST /api/sol/aggregate/plan`: wallets → master; no addresses or ids means every wallet with a key. */
export const aggregatePlanRequestSchema = z
  .object({
    addresses: z
      .array(addressTextSchema)
      .min(1, 'Select at least one wallet')
      .max(MAX_OPERATION_WALLETS)
      .optional(),
    walletIds: z
      .array(walletIdSchema('Invalid wallet id'))
      .min(1, 'Select at least one wallet')
      .max(MAX_OPERATION_WALLETS)
      .optional(),
    feeStrategy: feeStrategySchema.default('master'),
    retryOf: retryOfSchema,
  })
  .refine((body) => body.addresses === undefined || body.walletIds === undefined, {
    message: 'Name the wallets by address or by id, not both',
  });
export type AggregatePlanRequest = z.input<typeof aggregatePlanRequestSchema>;

/** Spec 3 §7's recipient: a destination and lamports (a decimal string on the wire). */
export const doubleDistributionRecipientSchema = z.object({
  destination: addressTextSchema,
  amountLamports: u64StringSchema,
});

/** `POST /api/double-distribution/plan`: master → fresh middleman → destination, for each recipient. */
export const doubleDistributionPlanRequestSchema = z.object({
  recipients: recipientsLimit(doubleDistributionRecipientSchema),
  retryOf: retryOfSchema,
});
export type DoubleDistributionPlanRequest = z.input<typeof doubleDistributionPlanRequestSchema>;

/** `POST /api/double-distribution/start`: spec 3 §7's body plus the plan it confirms. */
export const doubleDistributionStartRequestSchema = doubleDistributionPlanRequestSchema.extend({
  planId: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid plan id'),
});

/** `POST /api/sol/distribute`, `POST /api/sol/aggregate`: run a stored plan. */
export const executePlanRequestSchema = z.object({
  planId: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid plan id'),
});

/** What every execute route answers: the job that runs it and the ledger's operation. */
export const executePlanResponseSchema = z.object({
  jobId: z.string().uuid(),
  operationId: z.string().uuid(),
});
export type ExecutePlanResponse = z.infer<typeof executePlanResponseSchema>;

/** `POST /api/double-distribution/abort`. */
export const jobIdBodySchema = z.object({ jobId: z.string().uuid('Invalid job id') });
/** `GET /api/double-distribution/progress?jobId=`. */
export const jobIdQuerySchema = jobIdBodySchema;

const lamportsText = z.string().regex(/^\d+$/);

/** One transaction the plan will sign, as the confirm dialog lists it. */
export const planTransactionSchema = z.object({
  leg: z.enum(['direct', 'firstHop', 'secondHop', 'lookupTable']),
  version: z.enum(['legacy', 'v0']),
  feePayer: z.string(),
  signers: z.number().int().nonnegative(),
  transfers: z.number().int().nonnegative(),
  sizeBytes: z.number().int().nonnegative(),
  computeUnitLimit: z.number().int().nonnegative(),
  networkFeeLamports: lamportsText,
  priorityFeeLamports: lamportsText,
});
export type PlanTransactionView = z.infer<typeof planTransactionSchema>;

/** What a way of sending costs: fees are spent; rent is a deposit held by new accounts. */
export const planCostsSchema = z.object({
  transactions: z.number().int().nonnegative(),
  networkFeeLamports: lamportsText,
  priorityFeeLamports: lamportsText,
  /** Fees of the transactions that create or extend the tenant's lookup tables. */
  lookupTableFeeLamports: lamportsText,
  /** Rent deposited in new lookup tables (recoverable when a table is closed). */
  lookupTableRentLamports: lamportsText,
  /** Every fee together, per paid wallet: the figure the issue's budget is measured in. */
  feePerWalletLamports: lamportsText,
  totalFeeLamports: lamportsText,
});
export type PlanCostsView = z.infer<typeof planCostsSchema>;

/** Legacy transactions against v0 ones that load the fleet from the tenant's lookup tables. */
export const lookupTableComparisonSchema = z.object({
  chosen: z.enum(['legacy', 'lookupTable']),
  legacy: planCostsSchema,
  lookupTable: planCostsSchema.extend({
    tablesToCreate: z.number().int().nonnegative(),
    addressesToAdd: z.number().int().nonnegative(),
  }),
});
export type LookupTableComparisonView = z.infer<typeof lookupTableComparisonSchema>;

export const PLAN_WALLET_ROLES = ['master', 'recipient', 'source', 'middleman'] as const;

export const planWalletSchema = z.object({
  address: z.string(),
  walletId: z.string().uuid().nullable(),
  role: z.enum(PLAN_WALLET_ROLES),
  /** What the plan moves to (recipient) or from (source) this wallet. */
  amountLamports: lamportsText,
  beforeLamports: lamportsText,
  afterLamports: lamportsText,
});
export type PlanWalletView = z.infer<typeof planWalletSchema>;

export const SKIP_REASONS = [
  'zeroAmount',
  'noPrivateKey',
  'emptyWallet',
  'balanceNotAboveFee',
  'master',
] as const;

export const planProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  address: z.string().nullable(),
  blocking: z.boolean(),
});
export type PlanProblemView = z.infer<typeof planProblemSchema>;

/** The answer of every plan route: what will be signed, what it costs, and every problem found. */
export const solPlanSchema = z.object({
  planId: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid plan id'),
  kind: operationKindSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** True when there is something to send and no blocking problem: Confirm is enabled. */
  ready: z.boolean(),
  masterAddress: z.string().nullable(),
  feeStrategy: feeStrategySchema.nullable(),
  /** The SOL the plan moves, fees excluded. */
  amountLamports: lamportsText,
  costs: planCostsSchema,
  /** Null when only one way of sending applies (a withdrawal signs per wallet). */
  comparison: lookupTableComparisonSchema.nullable(),
  transactions: z.array(planTransactionSchema),
  wallets: z.array(planWalletSchema),
  skipped: z.array(
    z.object({
      address: z.string(),
      walletId: z.string().uuid().nullable(),
      reason: z.enum(SKIP_REASONS),
    }),
  ),
  problems: z.array(planProblemSchema),
});
export type SolPlanView = z.infer<typeof solPlanSchema>;

/**
 * The `report` of a SOL operation's job (`GET /api/jobs/:id`): spec 2 §4's phases and counts.
 * Per-wallet results (amount, signature, error) are the operation's items, `GET /api/operations/:id`.
 */
export const solOperationReportSchema = z.object({
  operationId: z.string().uuid(),
  phase: z.enum(['start', 'item', 'done']),
  /** The endpoint the job sends through (spec 2 §4 "start (total, endpoint)"). */
  endpoint: z.string().nullable(),
  wallets: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  forwarded: z.number().int().nonnegative(),
});
export type SolOperationReport = z.infer<typeof solOperationReportSchema>;

export const DOUBLE_DISTRIBUTION_STATUSES = ['forwarded', 'failed', 'pending'] as const;

/** `GET /api/double-distribution/progress?jobId=`: spec 3 §7, answered from the job and the ledger. */
export const doubleDistributionProgressSchema = z.object({
  endpoint: z.string().nullable(),
  processedItems: z.number().int().nonnegative(),
  totalItems: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      destination: z.string(),
      middleman: z.string(),
      status: z.enum(DOUBLE_DISTRIBUTION_STATUSES),
      amountLamports: lamportsText,
      signature: z.string().nullable(),
      error: z.string().nullable(),
      /** What the middleman still holds when its second leg did not land; null once forwarded. */
      middlemanLamports: lamportsText.nullable(),
    }),
  ),
  isDone: z.boolean(),
  status: z.string(),
  operationId: z.string().uuid(),
});
export type DoubleDistributionProgress = z.infer<typeof doubleDistributionProgressSchema>;

/** Spec 2 §8's result toast for a distribution: 'X out of Y wallets succeeded'. */
export function distributionToast(report: Pick<SolOperationReport, 'wallets' | 'succeeded'>): {
  readonly title: string;
  readonly description: string;
  readonly tone: 'info' | 'warning' | 'success';
} {
  const { wallets, succeeded } = report;
  const tone = succeeded === 0 ? 'info' : succeeded < wallets ? 'warning' : 'success';
  return {
    title: 'SOL distribution finished',
    description: `${succeeded} out of ${wallets} wallets succeeded`,
    tone,
  };
}

/** Spec 2 §8's warning after a withdrawal: 'Aggregated SOL: x/y succeeded'. */
export function aggregationToast(
  report: Pick<SolOperationReport, 'wallets' | 'succeeded'>,
): string {
  return `Aggregated SOL: ${report.succeeded}/${report.wallets} succeeded`;
}
