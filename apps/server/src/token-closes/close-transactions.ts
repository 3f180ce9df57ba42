import {
  closeComputeUnitLimit,
  closeFeeShares,
  packCloses,
  transactionFee,
  type Address,
  type CloseItem,
} from '@fleet/core';
import { positionsKey } from '../token-operations/token-operation-job';
import type { StoredCloseBuild } from './stored-close-plan';

// What a close transaction of some of a stored plan's items is: the planned one of exactly those
// items, or one of the master's cuts of an expired transaction an owner paid for. Each is a
// function of the build and the positions alone, so a resumed run signs what a first run would.

export interface CloseTransactions {
  /** The master, or the owner the plan let pay its own. */
  feePayer(positions: readonly number[]): string;
  computeUnitLimit(positions: readonly number[]): number;
  /** Each position's share of its transaction's fee, summing to the fee it pays. */
  feeShares(positions: readonly number[]): ReadonlyMap<number, bigint>;
  /** The transactions an expired one's items go into. */
  replan(positions: readonly number[]): readonly (readonly number[])[];
}

const byBuild = new WeakMap<StoredCloseBuild, CloseTransactions>();

export function closeTransactionsOf(build: StoredCloseBuild): CloseTransactions {
  const known = byBuild.get(build);
  if (known) return known;
  const planned = new Map(build.transactions.map((spec) => [positionsKey(spec.items), spec]));
  const plannedAt = (positions: readonly number[]) => planned.get(positionsKey(positions));
  const price = BigInt(build.microLamportsPerUnit);
  const closesAt = (positions: readonly number[]): CloseItem[] =>
    positions.map((position) => {
      const close = build.items[position];
      if (!close) throw new Error(`item ${position} is not in the stored plan`);
      return {
        itemId: String(position),
        owner: close.wallet as Address,
        tokenAccount: close.tokenAccount as Address,
        mint: close.mint as Address,
        program: close.program,
        rentLamports: BigInt(close.rentLamports),
      };
    });

  const transactions: CloseTransactions = {
    // A transaction the plan does not hold is a cut the master pays for (`replan`).
    feePayer: (positions) => plannedAt(positions)?.feePayer ?? build.master,
    computeUnitLimit: (positions) =>
      plannedAt(positions)?.computeUnitLimit ?? closeComputeUnitLimit(closesAt(positions)),
    feeShares: (positions) => {
      if (plannedAt(positions)) {
        return new Map(
          positions.map((position) => [position, BigInt(build.items[position]?.feeLamports ?? 0)]),
        );
      }
      const closes = closesAt(positions);
      const shares = closeFeeShares({
        closes,
        feeLamports: transactionFee({
          signatures: 1 + new Set(closes.map((close) => close.owner)).size,
          computeUnitLimit: BigInt(closeComputeUnitLimit(closes)),
          microLamportsPerComputeUnit: price,
        }),
      });
      return new Map(positions.map((position) => [position, shares.get(String(position)) ?? 0n]));
    },
    // An owner that paid its own and let the transaction expire may no longer hold the fee: its
    // accounts go to the master, which can, in as many transactions as the bytes need. The plan
    // lets an owner pay only for what the master cannot fit in one, so no cut is a planned one.
    replan: (positions) => {
      const payer = plannedAt(positions)?.feePayer;
      if (payer === undefined || payer === build.master) return [positions];
      const packed = packCloses({
        master: build.master as Address,
        closes: closesAt(positions),
        rentDestination: build.rentDestination,
        feePayer: 'master',
        microLamportsPerComputeUnit: price,
      });
      if (!packed.ok) return [positions];
      return packed.value.map((tx) => tx.closes.map((close) => Number(close.itemId)));
    },
  };
  byBuild.set(build, transactions);
  return transactions;
}
