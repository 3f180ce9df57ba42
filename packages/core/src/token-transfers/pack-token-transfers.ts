import { err, ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import { closeAccountInstruction, type TokenProgramKind } from '../token-closes/close-instruction';
import { DEFAULT_CLOSE_COMPUTE_UNITS } from '../token-closes/pack-closes';
import {
  setComputeUnitLimitInstruction,
  setComputeUnitPriceInstruction,
} from '../transactions/compute-budget';
import { instructionShape, type Instruction } from '../transactions/instruction';
import {
  PACKET_DATA_SIZE,
  fitsInOneTransaction,
  messageLayout,
  type MessageLayout,
} from '../transactions/message-size';
import { itemDoesNotFit, type ItemDoesNotFit } from '../transactions/pack-instructions';
import { splitFee, transactionFee } from '../transactions/transaction-fee';
import {
  createAssociatedAccountInstruction,
  transferCheckedInstruction,
} from './token-instructions';

/**
 * One SPL transfer of a plan: `amount` raw units of `mint` from `source` to `destination`, signed
 * by `owner` (a wallet for a withdrawal, the master for a distribution). `itemId` ties it to its
 * ledger item.
 */
export interface TokenTransferItem {
  readonly itemId: string;
  readonly owner: Address;
  readonly source: Address;
  readonly destination: Address;
  readonly mint: Address;
  readonly program: TokenProgramKind;
  readonly decimals: number;
  readonly amount: bigint;
  /** Closes the source once emptied, in the same transaction, its rent to this address. */
  readonly closeTo: Address | null;
  /**
   * The destination's owner when the destination is an associated account that may not exist:
   * the transaction creates it first (idempotently, the fee payer paying the rent). Null when it
   * exists.
   */
  readonly createFor: Address | null;
}

/** Compute units a transaction asks for: the budget instructions plus each instruction. */
export interface TokenTransferComputeUnits {
  readonly base: number;
  readonly transfer: Readonly<Record<TokenProgramKind, number>>;
  readonly close: Readonly<Record<TokenProgramKind, number>>;
  readonly create: Readonly<Record<TokenProgramKind, number>>;
}

/**
 * Upper bounds with a margin over what the programs consume. Measured on the localnet (LiteSVM,
 * compute budget included: 300): a Token TransferChecked ~105, Token-2022 ~2,030 (3,110 with a
 * transfer fee), a close ~120 / ~1,570, an associated account created ~13,400 (Token) to ~17,300
 * (Token-2022 with a fee), ~4,350 when it exists. Mainnet's Token program has cost ~6,200 a
 * transfer and an associated account ~25,000, hence the margins. The fee is priced on the limit
 * asked (5,000 µlamports a unit: 50 lamports for 10,000 units).
 */
export const DEFAULT_TOKEN_TRANSFER_COMPUTE_UNITS: TokenTransferComputeUnits = Object.freeze({
  base: DEFAULT_CLOSE_COMPUTE_UNITS.base,
  transfer: Object.freeze({ token: 6_500, token2022: 12_000 }),
  close: DEFAULT_CLOSE_COMPUTE_UNITS.perClose,
  create: Object.freeze({ token: 30_000, token2022: 40_000 }),
});

/** An associated account a transaction creates before its transfers. */
export interface PlannedAccountCreate {
  readonly account: Address;
  readonly owner: Address;
  readonly mint: Address;
  readonly program: TokenProgramKind;
}

export interface PlannedTokenTransaction {
  readonly items: readonly TokenTransferItem[];
  readonly creates: readonly PlannedAccountCreate[];
  /** The owners whose tokens it moves, in order of their first transfer. */
  readonly owners: readonly Address[];
  readonly feePayer: Address;
  /** The fee payer, then every owner that is not it. */
  readonly signers: readonly Address[];
  readonly signatures: number;
  readonly size: number;
  readonly accountLocks: number;
  readonly computeUnitLimit: number;
  readonly microLamportsPerComputeUnit: bigint;
  readonly feeLamports: bigint;
  readonly layout: MessageLayout;
}

/** The creates a set of items needs: each destination to create once, in order of first use. */
export function accountCreatesOf(
  items: readonly TokenTransferItem[],
): readonly PlannedAccountCreate[] {
  const creates = new Map<Address, PlannedAccountCreate>();
  for (const item of items) {
    if (item.createFor === null || creates.has(item.destination)) continue;
    creates.set(item.destination, {
      account: item.destination,
      owner: item.createFor,
      mint: item.mint,
      program: item.program,
    });
  }
  return [...creates.values()];
}

export function tokenTransferComputeUnitLimit(
  items: readonly TokenTransferItem[],
  units: TokenTransferComputeUnits = DEFAULT_TOKEN_TRANSFER_COMPUTE_UNITS,
): number {
  let limit = units.base;
  for (const create of accountCreatesOf(items)) limit += units.create[create.program];
  for (const item of items) {
    limit += units.transfer[item.program];
    if (item.closeTo !== null) limit += units.close[item.program];
  }
  return limit;
}

/**
 * The instructions of one transaction after its compute budget, exactly as the signer builds
 * them: every create, then each item's TransferChecked and its close.
 */
export function tokenTransferBodyInstructions(input: {
  readonly feePayer: Address;
  readonly items: readonly TokenTransferItem[];
}): readonly Instruction[] {
  const instructions: Instruction[] = [];
  for (const create of accountCreatesOf(input.items)) {
    instructions.push(createAssociatedAccountInstruction({ ...create, payer: input.feePayer }));
  }
  for (const item of input.items) {
    instructions.push(
      transferCheckedInstruction({
        program: item.program,
        source: item.source,
        mint: item.mint,
        destination: item.destination,
        owner: item.owner,
        amount: item.amount,
        decimals: item.decimals,
      }),
    );
    if (item.closeTo !== null) {
      instructions.push(
        closeAccountInstruction({
          program: item.program,
          account: item.source,
          destination: item.closeTo,
          owner: item.owner,
        }),
      );
    }
  }
  return instructions;
}

/**
 * The whole transaction's instructions: the compute budget (limit, price), then the body. The
 * packer measures these same instructions (their data lengths are fixed), so what is signed
 * weighs what was planned.
 */
export function tokenTransferInstructions(input: {
  readonly feePayer: Address;
  readonly items: readonly TokenTransferItem[];
  readonly computeUnitLimit: number;
  readonly microLamportsPerComputeUnit: bigint;
}): readonly Instruction[] {
  return [
    setComputeUnitLimitInstruction(input.computeUnitLimit),
    setComputeUnitPriceInstruction(input.microLamportsPerComputeUnit),
    ...tokenTransferBodyInstructions(input),
  ];
}

export interface PackTokenTransfersInput {
  readonly feePayer: Address;
  readonly items: readonly TokenTransferItem[];
  readonly microLamportsPerComputeUnit: bigint;
  readonly computeUnits?: TokenTransferComputeUnits;
}

/**
 * The least a transaction with room must still take: a new owner's signature and address, a
 * source account and its TransferChecked (the mint and destination may already be there).
 */
const SMALLEST_NEW_OWNER = 64 + 32 + 32 + 17;

/**
 * Packs SPL transfers into legacy transactions with the compute budget, the fee payer signing
 * first, by exact size and account locks: each owner's transfers together (one signature per
 * owner) when they fit, an owner with more over as few full transactions as the limit allows,
 * and owners with few sharing a transaction, largest first into the first with room. Every item
 * lands in exactly one transaction; an item too large alone refuses the whole plan.
 */
export function packTokenTransfers(
  input: PackTokenTransfersInput,
): Result<readonly PlannedTokenTransaction[], ItemDoesNotFit> {
  const units = input.computeUnits ?? DEFAULT_TOKEN_TRANSFER_COMPUTE_UNITS;
  const measure = (items: readonly TokenTransferItem[]): MessageLayout =>
    messageLayout({
      feePayer: input.feePayer,
      format: 'legacy',
      instructions: tokenTransferInstructions({
        feePayer: input.feePayer,
        items,
        // The limit's and the price's values do not change the instructions' lengths.
        computeUnitLimit: 0,
        microLamportsPerComputeUnit: 0n,
      }).map(instructionShape),
    });

  const byOwner = new Map<Address, TokenTransferItem[]>();
  for (const item of input.items) {
    const mine = byOwner.get(item.owner);
    if (mine) mine.push(item);
    else byOwner.set(item.owner, [item]);
  }

  const drafts: { items: TokenTransferItem[]; layout: MessageLayout }[] = [];
  const leftovers: TokenTransferItem[][] = [];
  for (const owned of byOwner.values()) {
    let chunk: TokenTransferItem[] = [];
    let chunkLayout: MessageLayout | null = null;
    for (const item of owned) {
      const grown = measure([...chunk, item]);
      if (fitsInOneTransaction(grown)) {
        chunk.push(item);
        chunkLayout = grown;
        continue;
      }
      if (chunkLayout === null) return err(itemDoesNotFit(item.itemId, grown));
      drafts.push({ items: chunk, layout: chunkLayout });
      const alone = measure([item]);
      if (!fitsInOneTransaction(alone)) return err(itemDoesNotFit(item.itemId, alone));
      chunk = [item];
      chunkLayout = alone;
    }
    if (chunk.length > 0) leftovers.push(chunk);
  }

  // The owners' last chunks share transactions: largest first, each into the first with room.
  const order = leftovers
    .map((items, index) => ({ items, index }))
    .sort((a, b) => b.items.length - a.items.length || a.index - b.index);
  let roomy: { items: TokenTransferItem[]; layout: MessageLayout }[] = [];
  for (const { items } of order) {
    const host = roomy.find((draft) => fitsInOneTransaction(measure([...draft.items, ...items])));
    if (host) {
      host.items.push(...items);
      host.layout = measure(host.items);
    } else {
      const draft = { items: [...items], layout: measure(items) };
      drafts.push(draft);
      roomy.push(draft);
    }
    roomy = roomy.filter((draft) => draft.layout.size + SMALLEST_NEW_OWNER <= PACKET_DATA_SIZE);
  }

  return ok(
    Object.freeze(
      drafts.map(({ items, layout }) => {
        const computeUnitLimit = tokenTransferComputeUnitLimit(items, units);
        const owners = [...new Set(items.map((item) => item.owner))];
        return Object.freeze({
          items: Object.freeze(items),
          creates: Object.freeze(accountCreatesOf(items)),
          owners: Object.freeze(owners),
          feePayer: input.feePayer,
          signers: layout.signers,
          signatures: layout.signers.length,
          size: layout.size,
          accountLocks: layout.accountLocks,
          computeUnitLimit,
          microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
          feeLamports: transactionFee({
            signatures: layout.signers.length,
            computeUnitLimit: BigInt(computeUnitLimit),
            microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
          }),
          layout,
        });
      }),
    ),
  );
}

/** Each item's share of its transaction's fee (`splitFee` over the items in order). */
export function tokenTransferFeeShares(
  transaction: Pick<PlannedTokenTransaction, 'items' | 'feeLamports'>,
): ReadonlyMap<string, bigint> {
  return splitFee(
    transaction.feeLamports,
    transaction.items.map((item) => item.itemId),
  );
}
