import type { Address } from '../primitives/address';
import { U64_MAX } from '../primitives/u64';
import { tokenProgramAddress, type TokenProgramKind } from '../token-closes/close-instruction';
import type { Instruction, InstructionShape } from '../transactions/instruction';

/**
 * `BurnChecked` is variant 15 of the SPL Token instruction enum, kept by Token-2022. It names the
 * mint's decimals, which the program checks, so an amount planned at one number of decimals
 * cannot burn at another. Plain `Burn` (8) would do the same work without that check.
 */
export const BURN_CHECKED_DISCRIMINATOR = 15;
/** u8 tag + u64 amount + u8 decimals. */
export const BURN_CHECKED_DATA_LENGTH = 10;

export interface BurnCheckedInput {
  readonly program: TokenProgramKind;
  /** The token account burned from. */
  readonly account: Address;
  /** The account's mint: its supply falls by the amount, so it is written. */
  readonly mint: Address;
  /** The account's owner, who signs. */
  readonly owner: Address;
}

/** Accounts: [account (writable), mint (writable), owner (signer)]. */
export function burnCheckedShape(input: BurnCheckedInput): InstructionShape {
  return Object.freeze({
    programAddress: tokenProgramAddress(input.program),
    accounts: Object.freeze([
      Object.freeze({ address: input.account, signer: false, writable: true }),
      Object.freeze({ address: input.mint, signer: false, writable: true }),
      Object.freeze({ address: input.owner, signer: true, writable: false }),
    ]),
    dataLength: BURN_CHECKED_DATA_LENGTH,
  });
}

export function burnCheckedInstruction(
  input: BurnCheckedInput & { readonly amount: bigint; readonly decimals: number },
): Instruction {
  if (input.amount <= 0n || input.amount > U64_MAX) {
    throw new RangeError(`A burn destroys 1 to ${U64_MAX} raw units, got ${input.amount}`);
  }
  if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 255) {
    throw new RangeError(`A mint's decimals are 0 to 255, got ${input.decimals}`);
  }
  const data = new Uint8Array(BURN_CHECKED_DATA_LENGTH);
  data[0] = BURN_CHECKED_DISCRIMINATOR;
  new DataView(data.buffer).setBigUint64(1, input.amount, true);
  data[9] = input.decimals;
  const shape = burnCheckedShape(input);
  return Object.freeze({ programAddress: shape.programAddress, accounts: shape.accounts, data });
}
