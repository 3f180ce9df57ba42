import { ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import type { InstructionShape } from '../transactions/instruction';
import type { MessageLayout } from '../transactions/message-size';
import type { ItemDoesNotFit } from '../transactions/pack-instructions';
import { RENT_EXEMPT_MINIMUM_LAMPORTS } from '../ledger/sol-plan';
import { transactionFee } from '../transactions/transaction-fee';
import { closeAccountShape, type TokenProgramKind } from './close-instruction';
import { ownersOf, packByOwner } from './pack-by-owner';

/** One empty token account to close; `itemId` ties it to its ledger item. */
export interface CloseItem {
  readonly itemId: string;
  readonly owner: Address;
  readonly tokenAccount: Address;
  readonly mint: Address;
  readonly program: TokenProgramKind;
  /** The account's lamports now: what the close returns. */
  readonly rentLamports: bigint;
}

/** Where the reclaimed rent goes: the master (the default) or back to each owner. */
export type RentDestination = 'master' | 'owner';
export const RENT_DESTINATIONS: readonly RentDestination[] = Object.freeze(['master', 'owner']);

/**
 * Who pays the fee. `master` lets a wallet holding 0 SOL close its accounts, at the price of a
 * second signature (23 closes to a legacy transaction instead of 26), and lets owners with few
 * share a transaction; `owner` gives each owner its own transactions and needs SOL in every
 * wallet. With `master`, `ownerLamports` lets an owner that would sign twice pay its own instead.
 */
export type CloseFeePayer = 'master' | 'owner';

/** Compute units a transaction asks for: the budget instructions plus each close. */
export interface CloseComputeUnits {
  readonly base: number;
  readonly perClose: Readonly<Record<TokenProgramKind, number>>;
}

/**
 * Upper bounds with a margin over what a close costs on the programs (about 3,000 units for
 * Token, more for Token-2022, which checks its extensions); the fee is priced on the limit asked,
 * so a lower measured figure may replace these.
 */
export const DEFAULT_CLOSE_COMPUTE_UNITS: CloseComputeUnits = Object.freeze({
  base: 300,
  perClose: Object.freeze({ token: 3_500, token2022: 6_000 }),
});

export interface PackClosesInput {
  readonly master: Address;
  readonly closes: readonly CloseItem[];
  readonly rentDestination: RentDestination;
  readonly feePayer: CloseFeePayer;
  readonly microLamportsPerComputeUnit: bigint;
  readonly computeUnits?: CloseComputeUnits;
  /**
   * Each owner's SOL now, when known. With the master paying, an owner whose accounts fit one
   * transaction of its own but not one the master pays for (24 to 25 Token accounts with the rent
   * to the master, 24 to 26 with it kept) pays that transaction's fee itself when it holds the
   * fee and stays rent-exempt after it: it signs once instead of twice, and one signature fewer
   * is paid. Absent: the master pays for every transaction.
   */
  readonly ownerLamports?: ReadonlyMap<Address, bigint>;
}

export interface PlannedCloseTransaction {
  readonly closes: readonly CloseItem[];
  /** The owners whose accounts it closes, in order of their first close. */
  readonly owners: readonly Address[];
  readonly feePayer: Address;
  /** The fee payer, then each owner: who signs. */
  readonly signers: readonly Address[];
  readonly signatures: number;
  readonly size: number;
  readonly accountLocks: number;
  readonly computeUnitLimit: number;
  readonly microLamportsPerComputeUnit: bigint;
  readonly feeLamports: bigint;
  readonly rentLamports: bigint;
  readonly layout: MessageLayout;
}

/** The destination of one close's rent. */
export function rentDestinationOf(
  close: Pick<CloseItem, 'owner'>,
  master: Address,
  destination: RentDestination,
): Address {
  return destination === 'master' ? master : close.owner;
}

/**
 * Packs closes into legacy transactions with the compute budget, by exact size: each owner's
 * accounts together in one transaction when they fit, an owner with more split over as few
 * full transactions as the limit allows, and (when the master pays) owners with few accounts
 * sharing a transaction, largest first into the first transaction with room. Every close lands in
 * exactly one transaction.
 */
export function packCloses(
  input: PackClosesInput,
): Result<readonly PlannedCloseTransaction[], ItemDoesNotFit> {
  const packed = packByOwner({
    master: input.master,
    items: input.closes,
    feePayer: input.feePayer,
    shapesOf: (close) => [shapeOf(close, input)],
    smallestAddition: SMALLEST_ADDITION,
    ...(input.ownerLamports === undefined
      ? {}
      : {
          ownerPaysOwn: (owner: Address, draft: { readonly items: readonly CloseItem[] }) =>
            canPayOwnFee(input.ownerLamports?.get(owner) ?? 0n, draft.items, input),
        }),
  });
  if (!packed.ok) return packed;
  return ok(
    Object.freeze(
      packed.value.map((draft) => finish({ closes: draft.items, layout: draft.layout }, input)),
    ),
  );
}

/**
 * Whether an owner holding `lamports` can pay for its own transaction of these closes: the fee,
 * and still the rent-exempt minimum after it (a system account left between 0 and that fails).
 */
function canPayOwnFee(
  lamports: bigint,
  closes: readonly CloseItem[],
  input: PackClosesInput,
): boolean {
  const fee = transactionFee({
    signatures: 1,
    computeUnitLimit: BigInt(closeComputeUnitLimit(closes, input.computeUnits)),
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
  });
  return lamports >= fee + RENT_EXEMPT_MINIMUM_LAMPORTS;
}

/** A new owner (address and signature) with one account and its close instruction. */
const SMALLEST_ADDITION = 32 + 64 + 32 + 7;

function shapeOf(close: CloseItem, input: PackClosesInput): InstructionShape {
  return closeAccountShape({
    program: close.program,
    account: close.tokenAccount,
    destination: rentDestinationOf(close, input.master, input.rentDestination),
    owner: close.owner,
  });
}

/** The compute-unit limit a transaction of these closes asks for. */
export function closeComputeUnitLimit(
  closes: readonly Pick<CloseItem, 'program'>[],
  units: CloseComputeUnits = DEFAULT_CLOSE_COMPUTE_UNITS,
): number {
  return closes.reduce((sum, close) => sum + units.perClose[close.program], units.base);
}

function finish(
  draft: { readonly closes: readonly CloseItem[]; readonly layout: MessageLayout },
  input: PackClosesInput,
): PlannedCloseTransaction {
  const { layout, closes } = draft;
  const owners = ownersOf(closes);
  const computeUnitLimit = closeComputeUnitLimit(closes, input.computeUnits);
  const feeLamports = transactionFee({
    signatures: layout.signers.length,
    computeUnitLimit: BigInt(computeUnitLimit),
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
  });
  const feePayer = layout.signers[0];
  if (feePayer === undefined) throw new Error('A compiled message always has its fee payer');
  return Object.freeze({
    closes: Object.freeze([...closes]),
    owners,
    feePayer,
    signers: layout.signers,
    signatures: layout.signers.length,
    size: layout.size,
    accountLocks: layout.accountLocks,
    computeUnitLimit,
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
    feeLamports,
    rentLamports: closes.reduce((sum, close) => sum + close.rentLamports, 0n),
    layout,
  });
}

/**
 * Each close's share of its transaction's fee: the fee split evenly, the lamports that do not
 * divide going one each to the first closes, so the shares sum to the fee exactly.
 */
export function closeFeeShares(transaction: {
  readonly closes: readonly Pick<CloseItem, 'itemId'>[];
  readonly feeLamports: bigint;
}): ReadonlyMap<string, bigint> {
  const shares = new Map<string, bigint>();
  const count = BigInt(transaction.closes.length);
  if (count === 0n) return shares;
  const each = transaction.feeLamports / count;
  let rest = transaction.feeLamports - each * count;
  for (const close of transaction.closes) {
    shares.set(close.itemId, each + (rest > 0n ? 1n : 0n));
    if (rest > 0n) rest -= 1n;
  }
  return shares;
}
