import { packTransfers, type Address, type Lamports, type SolPlan } from '@fleet/core';
import { transactionCost, type ComputeUnitModel } from './compute-units';
import type { PlanItem, PlanTransactionBuild } from './sol-plan-build';

/**
 * How many of these transfers one legacy transaction paid by `feePayer` holds, by the packer's
 * exact size (20 from the master to recipients, 8 wallets sweeping to a master that pays).
 */
export function transfersThatFit(
  feePayer: string,
  transfers: readonly { readonly from: string; readonly to: string }[],
): number {
  const sample = transfers.slice(0, 64).map((transfer, index) => ({
    itemId: String(index),
    from: transfer.from as Address,
    to: transfer.to as Address,
    lamports: 1n as Lamports,
  }));
  if (sample.length === 0) return 1;
  const packed = packTransfers({
    feePayer: feePayer as Address,
    transfers: sample,
    version: 'legacy',
    computeBudget: true,
  });
  return packed.ok ? Math.max(1, packed.value[0]?.transfers.length ?? 1) : 1;
}

export function buildOf(
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
