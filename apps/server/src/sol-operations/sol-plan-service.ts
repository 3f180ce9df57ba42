import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  isAddress,
  planSolAggregation,
  planSolDistribution,
  RENT_EXEMPT_MINIMUM_LAMPORTS,
  type Address,
  type FeeQuery,
  type Lamports,
  type LookupTableChoice,
  type OperationKindName,
  type PlanWallet,
  type SolPlan,
  type SolPlanView,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import { PLAN_VALIDITY_MS, requireRetryable, savePlan } from '../ledger/ledger-repository';
import { effectiveUnitPrice, readTenantFeeCap, serverUnitPrice } from '../fees';
import { findWalletsByAddress } from '../wallets/repository';
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
import {
  resolveRecipients,
  resolveSources,
  type AggregateInput,
  type DistributeRecipientInput,
} from './sol-plan-inputs';
import { buildOf, transfersThatFit } from './sol-plan-packing';
import {
  planDistributionVariants,
  tableUnavailableProblem,
} from '../lookup-tables/distribution-variants';
import { comparisonOf, setupBuild, tablesOfView } from '../lookup-tables/variant-view';

export type { AggregateInput, DistributeRecipientInput } from './sol-plan-inputs';

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
  const serverPrice = serverUnitPrice(context.microLamportsPerUnit);

  /** The server's unit price, lowered to the tenant's own cap when it has one. */
  async function unitPrice(tx: TenantDatabase): Promise<bigint> {
    return effectiveUnitPrice(serverPrice, await readTenantFeeCap(tx));
  }

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

  /** What an execution signs: the items and transactions as planned, at this price. */
  function buildFor(
    price: bigint,
    master: string | null,
    built: Pick<StoredSolPlan['build'], 'items' | 'transactions'>,
    middlemen: number,
  ): StoredSolPlan['build'] {
    return { master: master ?? '', microLamportsPerUnit: price.toString(), ...built, middlemen };
  }

  function feeSource(model: ComputeUnitModel, price: bigint) {
    return (query: FeeQuery): bigint => transactionCost(model, query, price).fee;
  }

  return {
    async planDistribution(
      actor: Actor,
      recipients: readonly DistributeRecipientInput[],
      options: {
        readonly retryOf?: string | undefined;
        readonly lookupTable?: LookupTableChoice | undefined;
      } = {},
    ): Promise<SolPlanView> {
      // 1. the master and every recipient, each once, each this tenant's when named by id
      const { master, resolved, price } = await withTenant(db, actor.tenantId, async (tx) => ({
        price: await unitPrice(tx),
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
        ? transfersThatFit(
            master,
            paying.map((r) => ({ from: master, to: r.address })),
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
      // 3. the plan, legacy and through the tenant's lookup tables, and the one chosen
      const variants = await planDistributionVariants({
        db,
        pool,
        tenantId: actor.tenantId,
        choice: options.lookupTable ?? 'auto',
        price,
        input: {
          master: master ? planWallet(master, balances) : null,
          recipients: resolved.map((r) => ({
            address: r.address,
            balance: balances.get(r.address) ?? (0n as Lamports),
            amount: r.amount,
          })),
          fee: feeSource(model, price),
          recipientsPerTransaction: perTransaction,
        },
      });
      const table = variants.chosen === 'lookupTable' ? variants.table : null;
      const plan = table?.plan ?? variants.legacy;
      const walletIds = new Map(resolved.map((r) => [r.address, r.walletId]));
      const built = buildOf(plan, model, price, walletIds, () => 'direct');
      const transactions = built.transactions.map((spec, index) => ({
        ...spec,
        table: table?.refs[index] ?? null,
      }));
      const items = built.items;
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
        ...(table ? { tables: tablesOfView(table) } : {}),
        comparison: comparisonOf(variants, model, price, resolved.length),
      });
      if (options.lookupTable === 'always' && variants.unavailable !== null) {
        view.problems.push(tableUnavailableProblem(variants.unavailable));
      }
      return store(
        actor,
        'sol.distribute',
        view,
        {
          ...buildFor(price, master, { items, transactions }, 0),
          lookupTables: table ? setupBuild(table) : null,
          computeUnits: { base: model.base.toString(), perTransfer: model.perTransfer.toString() },
        },
        null,
        options.retryOf,
      );
    },

    async planAggregation(actor: Actor, input: AggregateInput): Promise<SolPlanView> {
      // 1. the sources: named by id (each must be this tenant's), by address (an address that is
      //    no wallet here has no key), or every active wallet
      const { master, sources, price } = await withTenant(db, actor.tenantId, async (tx) => ({
        price: await unitPrice(tx),
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
        fee: feeSource(model, price),
        feeStrategy: input.feeStrategy,
        // Wallets that fit one master-paid transaction: each adds a signature and a transfer.
        walletsPerMasterTransaction: master
          ? transfersThatFit(
              master,
              addresses.filter((a) => a !== master).map((from) => ({ from, to: master })),
            )
          : 1,
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
        buildFor(price, master, { items, transactions }, 0),
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
      const { master, known, price } = await withTenant(db, actor.tenantId, async (tx) => ({
        price: await unitPrice(tx),
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
        fee: feeSource(model, price),
        recipientsPerTransaction: master
          ? transfersThatFit(
              master,
              paying.map((r) => ({ from: master, to: r.destination })),
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
        buildFor(price, master, { items, transactions }, paying.length),
        recipients.map((r) => ({ destination: r.destination, amountLamports: r.amountLamports })),
        retryOf,
      );
    },
  };
}

export type SolPlanService = ReturnType<typeof createSolPlanService>;

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
