import {
  tokenTransferFeeShares,
  type Address,
  type PlannedTokenTransaction,
  type TokenTransferItem,
} from '@fleet/core';
import { z } from 'zod';

// The build of an SPL plan: what the job signs, exactly, stored whole with the plan (and with the
// operation it becomes), and read back checked, since a stored plan is JSON from the database.

const rawText = z.string().regex(/^\d+$/);

export const storedTokenTransferItemSchema = z.object({
  /** The wallet the item is about: a withdrawal's source wallet, a distribution's recipient. */
  wallet: z.string(),
  walletId: z.string().nullable(),
  /** Who signs the transfer: the source's owner. */
  owner: z.string(),
  source: z.string(),
  destination: z.string(),
  mint: z.string(),
  program: z.enum(['token', 'token2022']),
  decimals: z.number().int().min(0).max(255),
  amount: rawText,
  /** What arrives, less a Token-2022 transfer fee. */
  received: rawText,
  closeTo: z.string().nullable(),
  createFor: z.string().nullable(),
  /** The item's lamports: rent a close returns, or rent paid for the account it creates. */
  rentLamports: rawText,
  /** Its share of its transaction's fee. */
  feeLamports: rawText,
});
export type StoredTokenTransferItem = z.infer<typeof storedTokenTransferItemSchema>;

export const storedTokenTransferBuildSchema = z.object({
  kind: z.enum(['token.withdraw', 'token.distribute']),
  master: z.string(),
  microLamportsPerUnit: rawText,
  /** The wallets the report counts, in order: every wallet in scope, or every recipient. */
  wallets: z.array(z.string()),
  items: z.array(storedTokenTransferItemSchema),
  transactions: z.array(
    z.object({
      /** Positions in `items`. */
      items: z.array(z.number().int().nonnegative()),
      computeUnitLimit: z.number().int().nonnegative(),
      size: z.number().int().positive(),
      feeLamports: rawText,
    }),
  ),
  /** The rent of each account a transaction creates (several may carry the same create). */
  accountRents: z.record(z.string(), rawText),
});
export type StoredTokenTransferBuild = z.infer<typeof storedTokenTransferBuildSchema>;

/** The packer's item again, from its stored form: what `tokenTransferInstructions` builds from. */
export function transferItemOf(item: StoredTokenTransferItem, itemId: string): TokenTransferItem {
  return {
    itemId,
    owner: item.owner as Address,
    source: item.source as Address,
    destination: item.destination as Address,
    mint: item.mint as Address,
    program: item.program,
    decimals: item.decimals,
    amount: BigInt(item.amount),
    closeTo: item.closeTo as Address | null,
    createFor: item.createFor as Address | null,
  };
}

/**
 * The build, items in transaction order so a transaction's items are contiguous. `extra` gives
 * each planned item its wallet, received amount and rent.
 */
export function storedBuildOf<T extends TokenTransferItem>(input: {
  readonly kind: StoredTokenTransferBuild['kind'];
  readonly master: string;
  readonly price: bigint;
  readonly wallets: readonly string[];
  readonly transactions: readonly PlannedTokenTransaction[];
  readonly walletIds: ReadonlyMap<string, string | null>;
  readonly extra: (item: T) => {
    readonly wallet: string;
    readonly received: bigint;
    readonly rentLamports: bigint;
  };
  readonly accountRents: ReadonlyMap<string, bigint>;
}): StoredTokenTransferBuild {
  const items: StoredTokenTransferItem[] = [];
  const transactions: StoredTokenTransferBuild['transactions'] = [];
  for (const transaction of input.transactions) {
    const shares = tokenTransferFeeShares(transaction);
    const positions: number[] = [];
    for (const planned of transaction.items) {
      const extra = input.extra(planned as T);
      positions.push(items.length);
      items.push({
        wallet: extra.wallet,
        walletId: input.walletIds.get(extra.wallet) ?? null,
        owner: planned.owner,
        source: planned.source,
        destination: planned.destination,
        mint: planned.mint,
        program: planned.program,
        decimals: planned.decimals,
        amount: planned.amount.toString(),
        received: extra.received.toString(),
        closeTo: planned.closeTo,
        createFor: planned.createFor,
        rentLamports: extra.rentLamports.toString(),
        feeLamports: (shares.get(planned.itemId) ?? 0n).toString(),
      });
    }
    transactions.push({
      items: positions,
      computeUnitLimit: transaction.computeUnitLimit,
      size: transaction.size,
      feeLamports: transaction.feeLamports.toString(),
    });
  }
  return {
    kind: input.kind,
    master: input.master,
    microLamportsPerUnit: input.price.toString(),
    wallets: [...input.wallets],
    items,
    transactions,
    accountRents: Object.fromEntries(
      [...input.accountRents].map(([account, rent]) => [account, rent.toString()]),
    ),
  };
}
