import { decodeBase58 } from '../keys/base58';
import type { Address } from '../primitives/address';
import { U64_MAX } from '../primitives/u64';
import { tokenProgramAddress, type TokenProgramKind } from '../token-closes/close-instruction';
import type { AccountMeta, Instruction, InstructionShape } from '../transactions/instruction';
import { findProgramAddress } from '../transactions/program-derived-address';
import { SYSTEM_PROGRAM_ADDRESS } from '../transactions/system-transfer';

// The instructions an SPL transfer between the master and the fleet is made of: TransferChecked
// (both token programs), and the Associated Token Account program's CreateIdempotent for a
// destination that may not exist yet. Shapes for the packer, instructions for the signer.

export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS =
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;

/**
 * `TransferChecked` is variant 12 of the SPL Token instruction enum, kept by Token-2022. It names
 * the mint and its decimals, which Token-2022 requires for a mint with a transfer fee (plain
 * `Transfer` is refused there) and which both programs check, so an amount planned at one
 * number of decimals cannot move at another.
 */
export const TRANSFER_CHECKED_DISCRIMINATOR = 12;
/** u8 tag + u64 amount + u8 decimals. */
export const TRANSFER_CHECKED_DATA_LENGTH = 10;

/** `CreateIdempotent` (variant 1): succeeds, creating nothing, when the account already exists. */
export const CREATE_IDEMPOTENT_DISCRIMINATOR = 1;
export const CREATE_IDEMPOTENT_DATA_LENGTH = 1;

const meta = (address: Address, signer: boolean, writable: boolean): AccountMeta =>
  Object.freeze({ address, signer, writable });

/**
 * The associated token account of `owner` for `mint` under `program`: the program-derived
 * address of [owner, token program, mint] under the Associated Token Account program.
 */
export function associatedTokenAddress(
  owner: Address,
  mint: Address,
  program: TokenProgramKind,
): Address {
  return findProgramAddress(
    [decodeBase58(owner), decodeBase58(tokenProgramAddress(program)), decodeBase58(mint)],
    ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  ).address;
}

export interface TransferCheckedInput {
  readonly program: TokenProgramKind;
  readonly source: Address;
  readonly mint: Address;
  readonly destination: Address;
  /** The source account's owner, who signs. */
  readonly owner: Address;
}

/** Accounts: [source (writable), mint, destination (writable), owner (signer)]. */
export function transferCheckedShape(input: TransferCheckedInput): InstructionShape {
  return Object.freeze({
    programAddress: tokenProgramAddress(input.program),
    accounts: Object.freeze([
      meta(input.source, false, true),
      meta(input.mint, false, false),
      meta(input.destination, false, true),
      meta(input.owner, true, false),
    ]),
    dataLength: TRANSFER_CHECKED_DATA_LENGTH,
  });
}

export function transferCheckedInstruction(
  input: TransferCheckedInput & { readonly amount: bigint; readonly decimals: number },
): Instruction {
  if (input.amount <= 0n || input.amount > U64_MAX) {
    throw new RangeError(`A token transfer moves 1 to ${U64_MAX} raw units, got ${input.amount}`);
  }
  if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 255) {
    throw new RangeError(`A mint's decimals are 0 to 255, got ${input.decimals}`);
  }
  const data = new Uint8Array(TRANSFER_CHECKED_DATA_LENGTH);
  data[0] = TRANSFER_CHECKED_DISCRIMINATOR;
  new DataView(data.buffer).setBigUint64(1, input.amount, true);
  data[9] = input.decimals;
  const shape = transferCheckedShape(input);
  return Object.freeze({ programAddress: shape.programAddress, accounts: shape.accounts, data });
}

export interface CreateAssociatedAccountInput {
  readonly program: TokenProgramKind;
  /** Pays the new account's rent, and signs. */
  readonly payer: Address;
  /** The associated address itself (`associatedTokenAddress(owner, mint, program)`). */
  readonly account: Address;
  readonly owner: Address;
  readonly mint: Address;
}

/**
 * Accounts: [payer (writable signer), account (writable), owner, mint, System Program, token
 * program]. Idempotent, so several in-flight transactions may each carry the create of the same
 * account: the first to land creates it (its payer pays the rent once), the others pass.
 */
export function createAssociatedAccountShape(
  input: CreateAssociatedAccountInput,
): InstructionShape {
  return Object.freeze({
    programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    accounts: Object.freeze([
      meta(input.payer, true, true),
      meta(input.account, false, true),
      meta(input.owner, false, false),
      meta(input.mint, false, false),
      meta(SYSTEM_PROGRAM_ADDRESS, false, false),
      meta(tokenProgramAddress(input.program), false, false),
    ]),
    dataLength: CREATE_IDEMPOTENT_DATA_LENGTH,
  });
}

export function createAssociatedAccountInstruction(
  input: CreateAssociatedAccountInput,
): Instruction {
  const shape = createAssociatedAccountShape(input);
  return Object.freeze({
    programAddress: shape.programAddress,
    accounts: shape.accounts,
    data: Uint8Array.of(CREATE_IDEMPOTENT_DISCRIMINATOR),
  });
}
