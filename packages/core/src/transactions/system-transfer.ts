import type { Address } from '../primitives/address';
import { U64_MAX } from '../primitives/u64';
import type { Instruction, InstructionShape } from './instruction';

export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111' as Address;

/** The System Program's `Transfer` is variant 2 of its instruction enum (bincode: a u32). */
const TRANSFER_DISCRIMINATOR = 2;

/** u32 discriminator + u64 lamports. */
export const SYSTEM_TRANSFER_DATA_LENGTH = 12;

export interface SystemTransferInput {
  readonly from: Address;
  readonly to: Address;
}

/** The transfer's shape: the sender signs and pays, the recipient is credited. */
export function systemTransferShape({ from, to }: SystemTransferInput): InstructionShape {
  return Object.freeze({
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    accounts: Object.freeze([
      Object.freeze({ address: from, signer: true, writable: true }),
      Object.freeze({ address: to, signer: false, writable: true }),
    ]),
    dataLength: SYSTEM_TRANSFER_DATA_LENGTH,
  });
}

export function systemTransferInstruction(
  input: SystemTransferInput & { readonly lamports: bigint },
): Instruction {
  if (input.lamports < 0n || input.lamports > U64_MAX) {
    throw new RangeError(`A transfer moves 0 to ${U64_MAX} lamports, got ${input.lamports}`);
  }
  const data = new Uint8Array(SYSTEM_TRANSFER_DATA_LENGTH);
  const view = new DataView(data.buffer);
  view.setUint32(0, TRANSFER_DISCRIMINATOR, true);
  view.setBigUint64(4, input.lamports, true);
  const shape = systemTransferShape(input);
  return Object.freeze({ programAddress: shape.programAddress, accounts: shape.accounts, data });
}
