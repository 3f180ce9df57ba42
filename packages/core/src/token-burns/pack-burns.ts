import { ok, type Result } from '../errors/result';
import type { Address } from '../primitives/address';
import { closeAccountShape, type TokenProgramKind } from '../token-closes/close-instruction';
import {
  DEFAULT_CLOSE_COMPUTE_UNITS,
  rentDestinationOf,
  type RentDestination,
} from '../token-closes/pack-closes';
import { ownersOf, packByOwner, type OwnedFeePayer } from '../token-closes/pack-by-owner';
import type { InstructionShape } from '../transactions/instruction';
import type { MessageLayout } from '../transactions/message-size';
import type { ItemDoesNotFit } from '../transactions/pack-instructions';
import { splitFee, transactionFee } from '../transactions/transaction-fee';
import { BURN_CHECKED_DATA_LENGTH, burnCheckedShape } from './burn-instruction';

/** One dust balance to burn, its account closed after it in the same transaction. */
export interface BurnItem {
  readonly itemId: string;
  readonly owner: Address;
  readonly tokenAccount: Address;
  readonly mint: Address;
  readonly program: TokenProgramKind;
  /** Raw units burned: the whole balance at plan time, so the close that follows can succeed. */
  readonly amount: bigint;
  readonly decimals: number;
  /** The account's lamports now: what the close returns. */
  readonly rentLamports: bigint;
}

/** Compute units a transaction asks for: the budget instructions plus each burn and its close. */
export interface BurnComputeUnits {
  readonly base: number;
  readonly perBurn: Readonly<Record<TokenProgramKind, number>>;
}

/**
 * Upper bounds with a margin: a burn costs about what a transfer does on the programs (mainnet's
 * Token program ~4,800 units, Token-2022 more, checking its extensions), and the close after it
 * what a close costs. The fee is priced on the limit asked.
 */
export const DEFAULT_BURN_COMPUTE_UNITS: BurnComputeUnits = Object.freeze({
  base: DEFAULT_CLOSE_COMPUTE_UNITS.base,
  perBurn: Object.freeze({
    token: 5_000 + DEFAULT_CLOSE_COMPUTE_UNITS.perClose.token,
    token2022: 8_000 + DEFAULT_CLOSE_COMPUTE_UNITS.perClose.token2022,
  }),
});

export interface PackBurnsInput {
  readonly master: Address;
  readonly burns: readonly BurnItem[];
  readonly rentDestination: RentDestination;
  readonly feePayer: OwnedFeePayer;
  readonly microLamportsPerComputeUnit: bigint;
  readonly computeUnits?: BurnComputeUnits;
}

export interface PlannedBurnTransaction {
  readonly burns: readonly BurnItem[];
  /** The owners whose balances it burns, in order of their first burn. */
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

/** A burn's two instructions: BurnChecked of the whole balance, then CloseAccount. */
export function burnShapes(
  burn: BurnItem,
  master: Address,
  rentDestination: RentDestination,
): readonly InstructionShape[] {
  return [
    burnCheckedShape({
      program: burn.program,
      account: burn.tokenAccount,
      mint: burn.mint,
      owner: burn.owner,
    }),
    closeAccountShape({
      program: burn.program,
      account: burn.tokenAccount,
      destination: rentDestinationOf(burn, master, rentDestination),
      owner: burn.owner,
    }),
  ];
}

/**
 * A new owner (address and signature) with one account of a mint already in the transaction:
 * the account, a BurnChecked (program, 3 account indexes, data) and a CloseAccount.
 */
const SMALLEST_ADDITION =
  32 + 64 + 32 + (1 + 1 + 3 + 1 + BURN_CHECKED_DATA_LENGTH) + (1 + 1 + 3 + 1 + 1);

/**
 * Packs burns as the closes are packed (`packByOwner`): one signature per owner when its accounts
 * fit, owners with few sharing a transaction when the master pays. A burn and its close never
 * part: the close of an account with tokens fails, so they land together or not at all.
 */
export function packBurns(
  input: PackBurnsInput,
): Result<readonly PlannedBurnTransaction[], ItemDoesNotFit> {
  const packed = packByOwner({
    master: input.master,
    items: input.burns,
    feePayer: input.feePayer,
    shapesOf: (burn) => burnShapes(burn, input.master, input.rentDestination),
    smallestAddition: SMALLEST_ADDITION,
  });
  if (!packed.ok) return packed;
  return ok(Object.freeze(packed.value.map((draft) => finish(draft.items, draft.layout, input))));
}

/** The compute-unit limit a transaction of these burns asks for. */
export function burnComputeUnitLimit(
  burns: readonly Pick<BurnItem, 'program'>[],
  units: BurnComputeUnits = DEFAULT_BURN_COMPUTE_UNITS,
): number {
  return burns.reduce((sum, burn) => sum + units.perBurn[burn.program], units.base);
}

function finish(
  burns: readonly BurnItem[],
  layout: MessageLayout,
  input: PackBurnsInput,
): PlannedBurnTransaction {
  const computeUnitLimit = burnComputeUnitLimit(burns, input.computeUnits);
  const feeLamports = transactionFee({
    signatures: layout.signers.length,
    computeUnitLimit: BigInt(computeUnitLimit),
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
  });
  const feePayer = layout.signers[0];
  if (feePayer === undefined) throw new Error('A compiled message always has its fee payer');
  return Object.freeze({
    burns,
    owners: ownersOf(burns),
    feePayer,
    signers: layout.signers,
    signatures: layout.signers.length,
    size: layout.size,
    accountLocks: layout.accountLocks,
    computeUnitLimit,
    microLamportsPerComputeUnit: input.microLamportsPerComputeUnit,
    feeLamports,
    rentLamports: burns.reduce((sum, burn) => sum + burn.rentLamports, 0n),
    layout,
  });
}

/** Each burn's share of its transaction's fee, summing to the fee exactly. */
export function burnFeeShares(transaction: PlannedBurnTransaction): ReadonlyMap<string, bigint> {
  return splitFee(
    transaction.feeLamports,
    transaction.burns.map((burn) => burn.itemId),
  );
}
