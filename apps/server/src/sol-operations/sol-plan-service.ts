import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  isAddress,
  packTransfers,
  planSolAggregation,
  planSolDistribution,
  RENT_EXEMPT_MINIMUM_LAMPORTS,
  type Address,
  type FeeQuery,
  type FeeStrategyName,
  type Lamports,
  type OperationKindName,
  type PlanWallet,
  type SolPlan,
  type SolPlanView,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { inArray as inArrayOf } from 'drizzle-orm';
import type { Actor } from '../http/actor';
import { PLAN_VALIDITY_MS, requireRetryable, savePlan } from '../ledger/ledger-repository';
import {
  findWalletsByAddress,
  listActiveWallets,
  requireActiveWallets,
} from '../wallets/repository';
import { readLamports } from './chain-balances';
import {
  flatComputeUnitModel,
  measureComputeUnits,
  transactionCost,
  type ComputeUnitModel,
} from './compute-units';
import {
  MIDDLEMAN_PLACEHOLDER,
  type PlanItem,
  type PlanTransactionBuild,
  type StoredSolPlan,
} from './sol-plan-build';
import { planView, type ViewWallet } from './sol-plan-view';

/** Spec 2 §9's unit price: 5,000 micro-lamports per compute unit. */
export const DEFAULT_MICRO_LAMPORTS_PER_UNIT = 5_000n;
/** The most a tenant's operations may bid per compute unit, whatever is configured. */
export const MAX_MICRO_LAMPORTS_PER_UNIT = 1_000_000n;

export interface DistributeRecipientInput {
  readonly address?: string | undefined;
  readonly walletId?: string | undefined;
  readonly amountSol: Lamports;
}

export interface AggregateInput {
  readonly addresses?: readonly string[] | undefined;
  readonly walletIds?: readonly string[] | undefined;
  readonly feeStrategy: FeeStrategyName;
  readonly retryOf?: string | undefined;
}

export interface DoubleRecipientInput {
  readonly destination: string;
  readonly amountLamports: string;
}

/**
 * Plans before money (issue 17): every SOL operation is planned from the chain's balances now,
 * stored whole under the hash of its content, and answered with its costs and every problem
 * found. Nothing here signs or sends; executing takes the plan's id.
 */
export function createSolPlanService(context: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly now: () => Date;
  readonly microLamportsPerUnit?: bigint;
}) {
  const { db, pool, now } = context;
  const price = clampPrice(context.microLamportsPerUnit ?? DEFAULT_MICRO_LAMPORTS_PER_UNIT);

  async function masterAddress(tx: TenantDatabase): Promise<string | null> {
    const [row] = await tx
      .select({ address: schema.masterWallets.publicAddress })
      .from(schema.masterWallets);
    return row?.address ?? null;
  }

  async function store(
    actor: Actor,
    kind: OperationKindName,
    view: Omit<SolPlanView, 'planId' | 'expiresAt' | 'createdAt'>,
    build: StoredSolPlan['build'],
    recipients: StoredSolPlan['recipients'],
    retryOf: string | undefined,
  ): Promise<SolPlanView> {
    const at = now();
    const plan: StoredSolPlan = {
      createdAt: at.toISOString(),
      createdBy: actor.user.id,
      view: { ...view, createdAt: at.toISOString() },
      build,
      recipients,
      retryOf: retryOf ?? null,
    };
    const planId = await withTenant(db, actor.tenantId, async (tx) => {
      // Said now, not only at execution: a retry of a running or retried operation is refused.
      if (retryOf !== undefined) await requireRetryable(tx, retryOf);
      return savePlan(tx, actor.tenantId, { kind, plan, createdBy: actor.user.id, now: at });
    });
    return {
      ...plan.view,
      planId,
      expiresAt: new Date(at.getTime() + PLAN_VALIDITY_MS).toISOString(),
    };
  }

  function feeSource(model: ComputeUnitModel) {
    return (query: FeeQuery): bigint => transactionCost(model, query, price).fee;
  }

  /** Transfers of one transaction from the master, as the packer fits them by size. */
  function transfersPerTransaction(master: string, recipients: readonly string[]): number {
    const sample = recipients.slice(0, 64).map((to, index) => ({
      itemId: String(index),
      from: master as Address,
      to: to as Address,
      lamports: 1n as Lamports,
    }));
    const packed = packTransfers({
      feePayer: master as Address,
      transfers: sample,
      version: 'legacy',
      computeBudget: true,
    });
    return packed.ok ? Math.max(1, packed.value[0]?.transfers.length ?? 1) : 1;
  }

  return {
    async planDistribution(
      actor: Actor,
      recipients: readonly DistributeRecipientInput[],
      retryOf?: string,
    ): Promise<SolPlanView> {
      // 1. the master and every recipient, each once, each this tenant's when named by id
      const { master, resolved } = await withTenant(db, actor.tenantId, async (tx) => ({
        master: await masterAddress(tx),
        resolved: await resolveRecipients(tx, recipients),
      }));
      // 2. balances now, and the compute units of a full transaction, from the chain
      const balances = await readLamports(pool, [
        ...(master ? [master] : []),
        ...resolved.map((r) => r.address),
      ]);
      const paying = resolved.filter((r) => r.amount > 0n && r.address !== master);
      const perTransaction = master
        ? transfersPerTransaction(
            master,
            paying.map((r) => r.address),
          )
        : 1;
      const model = master
        ? await measureComputeUnits(
            pool,
            master,
            paying.slice(0, perTransaction).map((r, index) => ({
              itemId: String(index),
              from: master as Address,
              to: r.address as Address,
              lamports: r.amount,
            })),
            price,
          )
        : flatComputeUnitModel();
      // 3. the plan
      const plan = planSolDistribution({
        master: master ? planWallet(master, balances) : null,
        recipients: resolved.map((r) => ({
          address: r.address,
          balance: balances.get(r.address) ?? (0n as Lamports),
          amount: r.amount,
        })),
        fee: feeSource(model),
        recipientsPerTransaction: perTransaction,
      });
      const walletIds = new Map(resolved.map((r) => [r.address, r.walletId]));
      const { items, transactions } = buildOf(plan, model, price, walletIds, () => 'direct');
      const view = planView({
        kind: 'sol.distribute',
        plan,
        master,
        model,
        price,
        feeStrategy: null,
        walletIds,
        roles: (address) => (address === master ? 'master' : 'recipient'),
        amounts: new Map(
          plan.transactions.flatMap((t) => t.transfers.map((x) => [x.to, x.amount])),
        ),
      });
      return store(
        actor,
        'sol.distribute',
        view,
        {
          master: master ?? '',
          microLamportsPerUnit: price.toString(),
          items,
          transactions,
          middlemen: 0,
        },
        null,
        retryOf,
      );
    },

    async planAggregation(actor: Actor, input: AggregateInput): Promise<SolPlanView> {
      // 1. the sources: named by id (each must be this tenant's), by address (an address that is
      //    no wallet here has no key), or every active wallet
      const { master, sources } = await withTenant(db, actor.tenantId, async (tx) => ({
        master: await masterAddress(tx),
        sources: await resolveSources(tx, actor.tenantId, input),
      }));
      const addresses = sources.map((s) => s.address);
      const balances = await readLamports(pool, [...(master ? [master] : []), ...addresses]);
      const probe = sources.find((s) => s.hasKey && (balances.get(s.address) ?? 0n) > 0n);
      const model =
        master && probe
          ? await measureComputeUnits(
              pool,
              probe.address,
              [
                {
                  itemId: '0',
                  from: probe.address as Address,
                  to: master as Address,
                  lamports: 1n as Lamports,
                },
              ],
              price,
            )
          : flatComputeUnitModel();
      const plan = planSolAggregation({
        master: master ? planWallet(master, balances) : null,
        wallets: sources.map((s) => ({
          address: s.address,
          balance: balances.get(s.address) ?? (0n as Lamports),
          hasKey: s.hasKey,
        })),
        fee: feeSource(model),
        feeStrategy: input.feeStrategy,
        walletsPerMasterTransaction: master ? sweepersPerTransaction(master, addresses) : 1,
      });
      const walletIds = new Map(sources.map((s) => [s.address, s.walletId]));
      const { items, transactions } = buildOf(plan, model, price, walletIds, () => 'direct');
      const view = planView({
        kind: 'sol.aggregate',
        plan,
        master,
        model,
        price,
        feeStrategy: input.feeStrategy,
        walletIds,
        roles: (address) => (address === master ? 'master' : 'source'),
        amounts: new Map(
          plan.transactions.flatMap((t) => t.transfers.map((x) => [x.from, x.amount])),
        ),
      });
      return store(
        actor,
        'sol.aggregate',
        view,
        {
          master: master ?? '',
          microLamportsPerUnit: price.toString(),
          items,
          transactions,
          middlemen: 0,
        },
        null,
        input.retryOf,
      );
    },

    async planDoubleDistribution(
      actor: Actor,
      recipients: readonly DoubleRecipientInput[],
      retryOf?: string,
    ): Promise<SolPlanView> {
      const seen = new Set<string>();
      for (const recipient of recipients) {
        if (!isAddress(recipient.destination)) {
          throw new FleetError('ADDRESS__INVALID', { address: recipient.destination });
        }
        if (seen.has(recipient.destination)) {
          throw new FleetError('SOL_PLAN__DUPLICATE_RECIPIENT', {
            address: recipient.destination,
          });
        }
        seen.add(recipient.destination);
      }
      const { master, known } = await withTenant(db, actor.tenantId, async (tx) => ({
        master: await masterAddress(tx),
        known: await findWalletsByAddress(
          tx,
          recipients.map((r) => r.destination),
        ),
      }));
      const walletIds = new Map<string, string | null>(
        known.filter((w) => w.archivedAt === null).map((w) => [w.address, w.id]),
      );
      const balances = await readLamports(pool, [
        ...(master ? [master] : []),
        ...recipients.map((r) => r.destination),
      ]);
      // The second leg's fee is fixed now: the middleman is left with exactly 0 after paying it.
      const model = flatComputeUnitModel();
      const secondLeg = transactionCost(model, { signers: 1, transfers: 1 }, price);
      const paying = recipients.filter((r) => BigInt(r.amountLamports) > 0n);
      const middlemen = paying.map((_, index) => `${MIDDLEMAN_PLACEHOLDER}${index}`);
      const firstLeg = planSolDistribution({
        master: master ? planWallet(master, balances) : null,
        recipients: [
          ...paying.map((r, index) => ({
            address: middlemen[index] as string,
            balance: 0n as Lamports,
            amount: (BigInt(r.amountLamports) + secondLeg.fee) as Lamports,
          })),
          ...recipients
            .filter((r) => BigInt(r.amountLamports) === 0n)
            .map((r) => ({
              address: r.destination,
              balance: 0n as Lamports,
              amount: 0n as Lamports,
            })),
        ],
        fee: feeSource(model),
        recipientsPerTransaction: master
          ? transfersPerTransaction(
              master,
              paying.map((r) => r.destination),
            )
          : 1,
      });
      // A destination that does not exist yet must receive at least the rent-exempt minimum.
      const destinationProblems = paying.flatMap((r) => {
        const balance = balances.get(r.destination) ?? 0n;
        const amount = BigInt(r.amountLamports);
        return balance === 0n && amount < RENT_EXEMPT_MINIMUM_LAMPORTS
          ? [rentProblem(r.destination, amount)]
          : [];
      });
      const plan: SolPlan = {
        ...firstLeg,
        problems: [...firstLeg.problems, ...destinationProblems],
        totalFees: (firstLeg.totalFees + secondLeg.fee * BigInt(paying.length)) as Lamports,
        ready: firstLeg.ready && destinationProblems.length === 0,
      };
      const first = buildOf(firstLeg, model, price, new Map(), () => 'firstHop');
      // Second legs: one transaction each, paid by its middleman, after its first leg landed.
      const items: PlanItem[] = [...first.items];
      const transactions: PlanTransactionBuild[] = [...first.transactions];
      paying.forEach((r, index) => {
        const middleman = middlemen[index] as string;
        if (!first.items.some((item) => item.to === middleman)) return;
        items.push({
          leg: 'secondHop',
          walletId: walletIds.get(r.destination) ?? null,
          from: middleman,
          to: r.destination,
          lamports: r.amountLamports,
        });
        transactions.push({
          items: [items.length - 1],
          feePayer: null,
          computeUnitLimit: secondLeg.computeUnitLimit.toString(),
        });
      });
      const view = planView({
        kind: 'sol.double_distribution',
        plan,
        master,
        model,
        price,
        feeStrategy: null,
        walletIds,
        roles: (address) =>
          address === master
            ? 'master'
            : address.startsWith(MIDDLEMAN_PLACEHOLDER)
              ? 'middleman'
              : 'recipient',
        amounts: new Map(
          firstLeg.transactions.flatMap((t) => t.transfers.map((x) => [x.to, x.amount])),
        ),
        extraTransactions: paying.length,
        extraTransactionCost: secondLeg,
        extraWallets: paying.map((r) => {
          const before = balances.get(r.destination) ?? 0n;
          return {
            address: r.destination,
            walletId: walletIds.get(r.destination) ?? null,
            role: 'recipient',
            amountLamports: r.amountLamports,
            beforeLamports: before.toString(),
            afterLamports: (before + BigInt(r.amountLamports)).toString(),
          } satisfies ViewWallet;
        }),
      });
      // What the plan moves is what the destinations receive; the second legs' fees, which the
      // first legs carry to the middlemen, are counted once, among the costs.
      const moved = paying.reduce((sum, r) => sum + BigInt(r.amountLamports), 0n);
      return store(
        actor,
        'sol.double_distribution',
        { ...view, amountLamports: moved.toString() },
        {
          master: master ?? '',
          microLamportsPerUnit: price.toString(),
          items,
          transactions,
          middlemen: paying.length,
        },
        recipients.map((r) => ({ destination: r.destination, amountLamports: r.amountLamports })),
        retryOf,
      );
    },
  };
}

export type SolPlanService = ReturnType<typeof createSolPlanService>;

/** Wallets that fit one master-paid sweep transaction: each adds a signature and a transfer. */
function sweepersPerTransaction(master: string, sources: readonly string[]): number {
  const sample = sources
    .filter((source) => source !== master)
    .slice(0, 32)
    .map((from, index) => ({
      itemId: String(index),
      from: from as Address,
      to: master as Address,
      lamports: 1n as Lamports,
    }));
  if (sample.length === 0) return 1;
  const packed = packTransfers({
    feePayer: master as Address,
    transfers: sample,
    version: 'legacy',
    computeBudget: true,
  });
  return packed.ok ? Math.max(1, packed.value[0]?.transfers.length ?? 1) : 1;
}

function clampPrice(price: bigint): bigint {
  if (price < 0n) return 0n;
  return price > MAX_MICRO_LAMPORTS_PER_UNIT ? MAX_MICRO_LAMPORTS_PER_UNIT : price;
}

function planWallet(address: string, balances: ReadonlyMap<string, Lamports>): PlanWallet {
  // Every wallet Fleet stores has its key (wallets.encrypted_key is not null), the master too.
  return { address, balance: balances.get(address) ?? (0n as Lamports), hasKey: true };
}

function rentProblem(address: string, after: bigint) {
  return {
    code: 'SOL_PLAN__BELOW_RENT_EXEMPT' as const,
    message: new FleetError('SOL_PLAN__BELOW_RENT_EXEMPT', {
      address,
      after: after.toString(),
      minimum: RENT_EXEMPT_MINIMUM_LAMPORTS.toString(),
    }).message,
    address,
    blocking: true,
  };
}

interface ResolvedRecipient {
  readonly address: string;
  readonly walletId: string | null;
  readonly amount: Lamports;
}

/** Recipients by id (this tenant's active wallets) or by address; each wallet at most once. */
async function resolveRecipients(
  tx: TenantDatabase,
  recipients: readonly DistributeRecipientInput[],
): Promise<ResolvedRecipient[]> {
  const ids = recipients.flatMap((r) => (r.walletId ? [r.walletId] : []));
  const byId = new Map<string, string>();
  if (ids.length > 0) {
    await requireActiveWallets(tx, ids);
    for (const chunk of chunks(ids, 1_000)) {
      const rows = await tx
        .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
        .from(schema.wallets)
        .where(inIds(chunk));
      for (const row of rows) byId.set(row.id, row.address);
    }
  }
  const addresses = recipients.flatMap((r) => (r.address ? [r.address] : []));
  for (const address of addresses) {
    if (!isAddress(address)) throw new FleetError('ADDRESS__INVALID', { address });
  }
  const known = new Map(
    (await findWalletsByAddress(tx, addresses))
      .filter((w) => w.archivedAt === null)
      .map((w) => [w.address, w.id]),
  );
  const seen = new Set<string>();
  return recipients.map((r) => {
    const address = r.walletId ? (byId.get(r.walletId.toLowerCase()) ?? '') : (r.address ?? '');
    if (seen.has(address)) throw new FleetError('SOL_PLAN__DUPLICATE_RECIPIENT', { address });
    seen.add(address);
    const walletId = r.walletId ? r.walletId.toLowerCase() : (known.get(address) ?? null);
    return { address, walletId, amount: r.amountSol };
  });
}

interface ResolvedSource {
  readonly address: string;
  readonly walletId: string | null;
  readonly hasKey: boolean;
}

async function resolveSources(
  tx: TenantDatabase,
  tenantId: string,
  input: AggregateInput,
): Promise<ResolvedSource[]> {
  if (input.walletIds) {
    const ids = await requireActiveWallets(tx, input.walletIds);
    const rows: ResolvedSource[] = [];
    for (const chunk of chunks(ids, 1_000)) {
      const found = await tx
        .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
        .from(schema.wallets)
        .where(inIds(chunk));
      rows.push(...found.map((row) => ({ address: row.address, walletId: row.id, hasKey: true })));
    }
    return rows;
  }
  if (input.addresses) {
    const unique = [...new Set(input.addresses)];
    for (const address of unique) {
      if (!isAddress(address)) throw new FleetError('ADDRESS__INVALID', { address });
    }
    const known = new Map(
      (await findWalletsByAddress(tx, unique))
        .filter((w) => w.archivedAt === null)
        .map((w) => [w.address, w.id]),
    );
    return unique.map((address) => ({
      address,
      walletId: known.get(address) ?? null,
      hasKey: known.has(address),
    }));
  }
  const all = await listActiveWallets(tx, tenantId, { traderOnly: false });
  return all.map((w) => ({ address: w.address, walletId: w.id, hasKey: true }));
}

/** The plan's items (one per transfer, in order) and transactions as item positions. */
function buildOf(
  plan: SolPlan,
  model: ComputeUnitModel,
  price: bigint,
  walletIds: ReadonlyMap<string, string | null>,
  leg: () => PlanItem['leg'],
): { items: PlanItem[]; transactions: PlanTransactionBuild[] } {
  const items: PlanItem[] = [];
  const transactions: PlanTransactionBuild[] = [];
  for (const planned of plan.transactions) {
    const positions: number[] = [];
    for (const transfer of planned.transfers) {
      positions.push(items.length);
      const about = plan.kind === 'aggregate' ? transfer.from : transfer.to;
      items.push({
        leg: leg(),
        walletId: walletIds.get(about) ?? null,
        from: transfer.from,
        to: transfer.to,
        lamports: transfer.amount.toString(),
      });
    }
    const selfPaid = planned.feePayer === planned.transfers[0]?.from && plan.kind === 'aggregate';
    transactions.push({
      items: positions,
      feePayer: selfPaid ? null : planned.feePayer,
      computeUnitLimit: transactionCost(
        model,
        { signers: planned.signers.length, transfers: planned.transfers.length },
        price,
      ).computeUnitLimit.toString(),
    });
  }
  return { items, transactions };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

function inIds(ids: readonly string[]) {
  return inArrayOf(schema.wallets.id, ids);
}
