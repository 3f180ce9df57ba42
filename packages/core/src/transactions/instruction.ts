import type { Address } from '../primitives/address';

/** One account an instruction touches, with what it asks of it. */
export interface AccountMeta {
  readonly address: Address;
  readonly signer: boolean;
  readonly writable: boolean;
}

/**
 * What the size of an instruction depends on: its program, its accounts and how many data bytes
 * it carries. The packer works on shapes because a compute-unit limit is not known until the
 * transaction has been simulated, while its data length is.
 */
export interface InstructionShape {
  readonly programAddress: Address;
  readonly accounts: readonly AccountMeta[];
  readonly dataLength: number;
}

/** An instruction ready to compile: the shape's fields with the data itself. */
export interface Instruction {
  readonly programAddress: Address;
  readonly accounts: readonly AccountMeta[];
  readonly data: Uint8Array;
}

export function instructionShape(instruction: Instruction): InstructionShape {
  return Object.freeze({
    programAddress: instruction.programAddress,
    accounts: instruction.accounts,
    dataLength: instruction.data.length,
  });
}
