import {
  transactionFee,
  type FeeStrategyName,
  type LookupTableComparisonView,
  type LookupTableSetupPlan,
  type OperationKindName,
  type PlanCostsView,
  type PlanTransactionView,
  type PlanWalletView,
  type SolPlan,
  type SolPlanView,
} from '@fleet/core';
import { transactionCost, type ComputeUnitModel, type TransactionCost } from './compute-units';

export type ViewWallet = PlanWalletView;

/**
 * The confirm dialog's figures, from core's plan: every transaction with its fees, the costs in
 * total and per paid wallet, each wallet before and after, skipped wallets and problems.
 */
export function planView(input: {
  readonly kind: OperationKindName;
  readonly plan: SolPlan;
  readonly master: string | null;
  readonly model: ComputeUnitModel;
  readonly price: bigint;
  readonly feeStrategy: FeeStrategyName | null;
  readonly walletIds: ReadonlyMap<string, string | null>;
  readonly roles: (address: string) => PlanWalletView['role'];
  /** What each wallet receives (recipient, middleman) or sends (source). */
  readonly amounts: ReadonlyMap<string, bigint>;
  /** Transactions the core plan does not hold: a two-hop's second legs, one each. */
  readonly extraTransactions?: number;
  readonly extraTransactionCost?: TransactionCost;
  readonly extraWallets?: readonly PlanWalletView[];
  /** A distribution through lookup tables: its setup, and each transaction's format and size. */
  readonly tables?: TablesOfView;
  readonly comparison?: LookupTableComparisonView | null;
}): Omit<SolPlanView, 'planId' | 'expiresAt' | 'createdAt'> {
  const { plan, model, price, tables } = input;
  const transactions = transferTransactions(input.kind, plan, model, price, tables);
  const extra = input.extraTransactionCost;
  if (extra && input.extraTransactions) {
    for (let index = 0; index < input.extraTransactions; index++) {
      transactions.push({
        leg: 'secondHop',
        version: 'legacy',
        feePayer: 'middleman',
        signers: 1,
        transfers: 1,
        sizeBytes: 0,
        computeUnitLimit: Number(extra.computeUnitLimit),
        networkFeeLamports: extra.networkFee.toString(),
        priorityFeeLamports: extra.priorityFee.toString(),
      });
    }
  }
  const wallets: PlanWalletView[] = plan.balances.map((change) => ({
    address: change.address,
    walletId: input.walletIds.get(change.address) ?? null,
    role: input.roles(change.address),
    amountLamports: (input.amounts.get(change.address) ?? 0n).toString(),
    beforeLamports: change.before.toString(),
    afterLamports: change.after.toString(),
  }));
  // A middleman ends at 0: what its first leg brings, its second leg sends on and pays for.
  if (input.kind === 'sol.double_distribution') {
    for (const wallet of wallets) if (wallet.role === 'middleman') wallet.afterLamports = '0';
  }
  wallets.push(...(input.extraWallets ?? []));
  const paidWallets = wallets.filter((w) => w.role !== 'master' && w.role !== 'middleman').length;
  const setup = tables ? setupTransactions(tables, input.master ?? '') : [];
  const costs = costsOf(transactions, paidWallets, {
    fee: tables?.setup.fees ?? 0n,
    rent: tables?.setup.rent ?? 0n,
  });
  return {
    kind: input.kind,
    ready: plan.ready,
    masterAddress: input.master,
    feeStrategy: input.feeStrategy,
    amountLamports: plan.totalAmount.toString(),
    costs: { ...costs, transactions: setup.length + transactions.length },
    comparison: input.comparison ?? null,
    transactions: [...setup, ...transactions],
    wallets,
    skipped: plan.skipped.map((skip) => ({
      address: skip.address,
      walletId: input.walletIds.get(skip.address) ?? null,
      reason: skip.reason,
    })),
    problems: plan.problems.map((problem) => ({ ...problem })),
  };
}

export function costsOf(
  transactions: readonly PlanTransactionView[],
  paidWallets: number,
  lookupTable: { readonly fee: bigint; readonly rent: bigint } = { fee: 0n, rent: 0n },
): PlanCostsView {
  let network = 0n;
  let priority = 0n;
  for (const tx of transactions) {
    network += BigInt(tx.networkFeeLamports);
    priority += BigInt(tx.priorityFeeLamports);
  }
  const total = network + priority + lookupTable.fee;
  return {
    transactions: transactions.length,
    networkFeeLamports: network.toString(),
    priorityFeeLamports: priority.toString(),
    lookupTableFeeLamports: lookupTable.fee.toString(),
    lookupTableRentLamports: lookupTable.rent.toString(),
    feePerWalletLamports: paidWallets === 0 ? '0' : (total / BigInt(paidWallets)).toString(),
    totalFeeLamports: total.toString(),
  };
}

export interface TablesOfView {
  readonly setup: LookupTableSetupPlan;
  readonly setupUnitLimit: bigint;
  /** Per transaction of the plan: whether it loads from a table (v0), and its exact size. */
  readonly v0: readonly boolean[];
  readonly sizes: readonly number[];
}

/** The plan's own transactions with their fees, as the confirm dialog lists them. */
export function transferTransactions(
  kind: OperationKindName,
  plan: SolPlan,
  model: ComputeUnitModel,
  price: bigint,
  tables?: TablesOfView,
): PlanTransactionView[] {
  return plan.transactions.map((planned, index) => {
    const cost = transactionCost(
      model,
      { signers: planned.signers.length, transfers: planned.transfers.length },
      price,
    );
    return {
      leg: kind === 'sol.double_distribution' ? 'firstHop' : 'direct',
      version: tables?.v0[index] ? 'v0' : 'legacy',
      feePayer: planned.feePayer,
      signers: planned.signers.length,
      transfers: planned.transfers.length,
      sizeBytes: tables?.sizes[index] ?? 0,
      computeUnitLimit: Number(cost.computeUnitLimit),
      networkFeeLamports: cost.networkFee.toString(),
      priorityFeeLamports: cost.priorityFee.toString(),
    };
  });
}

/** The creates and extensions that come first, paid and signed by the master. */
function setupTransactions(tables: TablesOfView, master: string): PlanTransactionView[] {
  return tables.setup.transactions.map((tx) => {
    const network = transactionFee({
      signatures: tx.signatures,
      computeUnitLimit: 0n,
      microLamportsPerComputeUnit: 0n,
    });
    return {
      leg: 'lookupTable',
      version: 'legacy',
      feePayer: master,
      signers: tx.signatures,
      transfers: 0,
      sizeBytes: tx.size,
      computeUnitLimit: Number(tables.setupUnitLimit),
      networkFeeLamports: network.toString(),
      priorityFeeLamports: (tx.fee - network).toString(),
    };
  });
}
