import type { LedgerTransaction, SplTransferReport } from '@fleet/core';
import type { StoredTokenTransferBuild } from './stored-token-transfer-plan';

/** The positions of a transaction's items in the build, as a key for its planned fee. */
function keyOf(positions: readonly number[]): string {
  return [...positions].sort((a, b) => a - b).join(',');
}

/**
 * A token transfer job's counts and report (the contract's `splTransferReportSchema`), kept from
 * the transactions as they land. A wallet is processed once every item of it has landed, and
 * succeeded when all of them were confirmed. Fees are the planned fee of each landed transaction
 * (a failed one pays too); created accounts are counted once, by the first confirmed transaction
 * that carried their create.
 */
export function createTokenTransferProgress(input: {
  readonly build: StoredTokenTransferBuild;
  readonly operationId: string;
}) {
  const { build } = input;
  const feeOf = new Map(
    build.transactions.map((spec) => [keyOf(spec.items), BigInt(spec.feeLamports)]),
  );
  const open = new Map<string, number>();
  for (const wallet of build.wallets) open.set(wallet, 0);
  for (const item of build.items) open.set(item.wallet, (open.get(item.wallet) ?? 0) + 1);
  const failedWallets = new Set<string>();
  const processed = new Set<string>();
  const landedItems = new Set<number>();
  const landedTransactions = new Set<string>();
  const created = new Set<string>();
  const mints = new Map<string, { amount: bigint; received: bigint }>();
  const errors: SplTransferReport['errors'] = [];
  let transfers = 0;
  let closes = 0;
  let failedTransfers = 0;
  let fee = 0n;
  let reclaimed = 0n;
  let accountRent = 0n;

  for (const [wallet, count] of open) if (count === 0) processed.add(wallet);

  /** The account an error is about: the source of a withdrawal, the recipient's of a distribution. */
  const accountOf = (position: number) => {
    const item = build.items[position];
    if (!item) return '';
    return build.kind === 'token.withdraw' ? item.source : item.destination;
  };

  return {
    final(tx: LedgerTransaction, positions: readonly number[]): void {
      if (landedTransactions.has(tx.id)) return;
      landedTransactions.add(tx.id);
      fee += feeOf.get(keyOf(positions)) ?? 0n;
      for (const position of positions) {
        const item = build.items[position];
        if (!item || landedItems.has(position)) continue;
        landedItems.add(position);
        if (tx.state === 'confirmed') {
          transfers += 1;
          if (item.closeTo !== null) {
            closes += 1;
            reclaimed += BigInt(item.rentLamports);
          }
          if (item.createFor !== null && !created.has(item.destination)) {
            created.add(item.destination);
            accountRent += BigInt(build.accountRents[item.destination] ?? '0');
          }
          const moved = mints.get(item.mint) ?? { amount: 0n, received: 0n };
          moved.amount += BigInt(item.amount);
          moved.received += BigInt(item.received);
          mints.set(item.mint, moved);
        } else {
          failedTransfers += 1;
          failedWallets.add(item.wallet);
          errors.push({
            wallet: item.wallet,
            tokenAccount: accountOf(position),
            mint: item.mint,
            signature: tx.signature,
            message: tx.failureReason ?? 'failed on chain',
          });
        }
        const left = (open.get(item.wallet) ?? 1) - 1;
        open.set(item.wallet, left);
        if (left === 0) processed.add(item.wallet);
      }
    },

    processed: (): number => processed.size,

    message: (): string => `${processed.size} of ${build.wallets.length} wallets done`,

    report(done: boolean): SplTransferReport {
      // Items a stopped run never landed (after Abort) are told as errors: not sent.
      const unsent: SplTransferReport['errors'] = done
        ? build.items.flatMap((item, position) =>
            landedItems.has(position)
              ? []
              : [
                  {
                    wallet: item.wallet,
                    tokenAccount: accountOf(position),
                    mint: item.mint,
                    signature: null,
                    message: 'Not sent: the job stopped before this transfer',
                  },
                ],
          )
        : [];
      const stopped = new Set(unsent.map((error) => error.wallet));
      const succeeded = [...processed].filter(
        (wallet) => !failedWallets.has(wallet) && !stopped.has(wallet),
      ).length;
      return {
        operationId: input.operationId,
        kind: build.kind,
        totals: {
          processedWallets: processed.size,
          totalWallets: build.wallets.length,
          succeededWallets: succeeded,
          failedWallets: new Set([...failedWallets, ...stopped]).size,
          transfers,
          closes,
          createdAccounts: created.size,
          failedTransfers,
          feeLamports: fee.toString(),
          reclaimedRentLamports: reclaimed.toString(),
          accountRentLamports: accountRent.toString(),
        },
        mints: [...mints].map(([mint, moved]) => ({
          mint,
          amountRaw: moved.amount.toString(),
          receivedRaw: moved.received.toString(),
        })),
        errors: [...errors, ...unsent],
        done,
      };
    },
  };
}

export type TokenTransferProgress = ReturnType<typeof createTokenTransferProgress>;
