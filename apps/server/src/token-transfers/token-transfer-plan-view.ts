import {
  MAX_LISTED_SKIPS,
  type DistributeSplTokensPlan,
  type PlanProblemView,
  type TokenDistributionPlan,
  type TokenWithdrawalPlan,
  type TransferFee,
  type WithdrawSplTokensPlan,
} from '@fleet/core';

// The plans as the confirm dialogs show them (the contract's plan answers), without the planId
// and expiry, which the store adds.

export type WithdrawPlanView = Omit<WithdrawSplTokensPlan, 'planId' | 'expiresAt'>;
export type DistributePlanView = Omit<DistributeSplTokensPlan, 'planId' | 'expiresAt'>;

function feeView(fee: TransferFee | null) {
  return fee === null
    ? null
    : { basisPoints: fee.basisPoints, maximumFeeRaw: fee.maximumFee.toString() };
}

function problemsView(plan: { readonly problems: readonly PlanProblemView[] }) {
  return plan.problems.map((problem) => ({ ...problem }));
}

export function withdrawPlanView(input: {
  readonly plan: TokenWithdrawalPlan;
  readonly master: string;
  readonly masterLamports: bigint;
  readonly closeEmptied: boolean;
  readonly price: bigint;
  readonly walletIds: ReadonlyMap<string, string | null>;
  readonly createdAt: string;
}): WithdrawPlanView {
  const { plan } = input;
  return {
    kind: 'token.withdraw',
    createdAt: input.createdAt,
    ready: plan.ready,
    master: input.master,
    closeEmptied: input.closeEmptied,
    microLamportsPerUnit: input.price.toString(),
    totalWallets: plan.wallets.length,
    walletsWithTokens: plan.wallets.filter((wallet) => wallet.accounts > 0).length,
    accounts: plan.items.length,
    closes: plan.items.filter((item) => item.closeTo !== null).length,
    mints: plan.mints.map((mint) => ({
      mint: mint.mint.address,
      program: mint.mint.program,
      decimals: mint.mint.decimals,
      transferFee: feeView(mint.fee),
      accounts: mint.accounts,
      wallets: mint.wallets,
      amountRaw: mint.amount.toString(),
      receivedRaw: mint.received.toString(),
      transferFeeRaw: (mint.amount - mint.received).toString(),
      masterAccount: mint.masterAccount,
      masterAccountExists: mint.masterAccountExists,
      masterBeforeRaw: mint.masterBefore.toString(),
      masterAfterRaw: mint.masterAfter.toString(),
    })),
    wallets: plan.wallets.map((wallet) => ({
      wallet: wallet.wallet,
      walletId: input.walletIds.get(wallet.wallet) ?? null,
      accounts: wallet.accounts,
      closes: wallet.closes,
      skipped: wallet.skipped,
      rentLamports: wallet.reclaimedRent.toString(),
      feeLamports: wallet.feeLamports.toString(),
    })),
    transactions: plan.transactions.map((tx) => ({
      owners: [...tx.owners],
      transfers: tx.items.length,
      closes: tx.items.filter((item) => item.closeTo !== null).length,
      creates: tx.creates.length,
      signatures: tx.signatures,
      sizeBytes: tx.size,
      computeUnitLimit: tx.computeUnitLimit,
      feeLamports: tx.feeLamports.toString(),
    })),
    feeLamports: plan.feeLamports.toString(),
    accountRentLamports: plan.accountRentLamports.toString(),
    reclaimedRentLamports: plan.reclaimedRentLamports.toString(),
    netLamports: plan.netLamports.toString(),
    masterLamports: {
      beforeLamports: input.masterLamports.toString(),
      afterLamports: plan.masterLamportsAfter.toString(),
    },
    skippedAccounts: plan.skipped.length,
    skipped: plan.skipped.slice(0, MAX_LISTED_SKIPS).map(({ account, reason }) => ({
      wallet: account.owner,
      tokenAccount: account.address,
      mint: account.mint,
      program: account.program,
      amountRaw: account.amount.toString(),
      reason,
    })),
    keptOpen: plan.keptOpen.slice(0, MAX_LISTED_SKIPS).map(({ account, reason }) => ({
      wallet: account.owner,
      tokenAccount: account.address,
      mint: account.mint,
      reason,
    })),
    problems: problemsView(plan),
  };
}

export function distributePlanView(input: {
  readonly plan: TokenDistributionPlan;
  readonly master: string;
  readonly masterLamports: bigint;
  readonly mint: {
    readonly address: string;
    readonly program: 'token' | 'token2022';
    readonly decimals: number;
  };
  readonly source: string | null;
  readonly price: bigint;
  readonly walletIds: ReadonlyMap<string, string | null>;
  readonly createdAt: string;
}): DistributePlanView {
  const { plan } = input;
  return {
    kind: 'token.distribute',
    createdAt: input.createdAt,
    ready: plan.ready,
    master: input.master,
    mint: {
      mint: input.mint.address,
      program: input.mint.program,
      decimals: input.mint.decimals,
      transferFee: feeView(plan.fee),
    },
    microLamportsPerUnit: input.price.toString(),
    sourceAccount: input.source,
    masterTokenBeforeRaw: plan.masterTokenBefore.toString(),
    masterTokenAfterRaw: plan.masterTokenAfter.toString(),
    amountRaw: plan.amount.toString(),
    receivedRaw: plan.received.toString(),
    transferFeeRaw: (plan.amount - plan.received).toString(),
    recipients: plan.items.map((item) => ({
      address: item.recipient,
      walletId: input.walletIds.get(item.recipient) ?? null,
      tokenAccount: item.destination,
      createsAccount: item.createFor !== null,
      rentLamports: item.accountRent.toString(),
      amountRaw: item.amount.toString(),
      receivedRaw: item.received.toString(),
      beforeRaw: item.before.toString(),
      afterRaw: (item.before + item.received).toString(),
    })),
    accountsToCreate: plan.accountsToCreate,
    rentLamports: plan.rentLamports.toString(),
    transactions: plan.transactions.map((tx) => ({
      recipients: tx.items.length,
      creates: tx.creates.length,
      signatures: tx.signatures,
      sizeBytes: tx.size,
      computeUnitLimit: tx.computeUnitLimit,
      feeLamports: tx.feeLamports.toString(),
    })),
    feeLamports: plan.feeLamports.toString(),
    totalLamports: (plan.feeLamports + plan.rentLamports).toString(),
    masterLamports: {
      beforeLamports: input.masterLamports.toString(),
      afterLamports: plan.masterLamportsAfter.toString(),
    },
    skippedRecipients: plan.skipped.length,
    skipped: plan.skipped.slice(0, MAX_LISTED_SKIPS).map((skip) => ({
      address: skip.address,
      walletId: input.walletIds.get(skip.address) ?? null,
      reason: skip.reason,
    })),
    problems: problemsView(plan),
  };
}
