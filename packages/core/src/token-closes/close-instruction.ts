import type { Address } from '../primitives/address';
import type { Instruction, InstructionShape } from '../transactions/instruction';

export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;

/** The two token programs, by the names the ledger and the close history store. */
export type TokenProgramKind = 'token' | 'token2022';
export const TOKEN_PROGRAM_KINDS: readonly TokenProgramKind[] = Object.freeze([
  'token',
  'token2022',
]);

/**
 * `CloseAccount` is variant 9 of the SPL Token instruction enum, and Token-2022 keeps the same
 * index (its instruction set extends Token's without renumbering). No arguments follow the tag.
 */
export const CLOSE_ACCOUNT_DISCRIMINATOR = 9;
export const CLOSE_ACCOUNT_DATA_LENGTH = 1;

export function tokenProgramAddress(program: TokenProgramKind): Address {
  return program === 'token' ? TOKEN_PROGRAM_ADDRESS : TOKEN_2022_PROGRAM_ADDRESS;
}

/** The program kind of a token program address, or null for any other program. */
export function tokenProgramKindOf(programAddress: string): TokenProgramKind | null {
  if (programAddress === TOKEN_PROGRAM_ADDRESS) return 'token';
  if (programAddress === TOKEN_2022_PROGRAM_ADDRESS) return 'token2022';
  return null;
}

export interface CloseAccountInput {
  readonly program: TokenProgramKind;
  /** The token account to close: its lamports (the rent) go to `destination`. */
  readonly account: Address;
  readonly destination: Address;
  /** The account's owner, who must sign. */
  readonly owner: Address;
}

/** Accounts: [account (writable), destination (writable), owner (signer)]. */
export function closeAccountShape(input: CloseAccountInput): InstructionShape {
  return Object.freeze({
    programAddress: tokenProgramAddress(input.program),
    accounts: Object.freeze([
      Object.freeze({ address: input.account, signer: false, writable: true }),
      Object.freeze({ address: input.destination, signer: false, writable: true }),
      Object.freeze({ address: input.owner, signer: true, writable: false }),
    ]),
    dataLength: CLOSE_ACCOUNT_DATA_LENGTH,
  });
}

export function closeAccountInstruction(input: CloseAccountInput): Instruction {
  const shape = closeAccountShape(input);
  return Object.freeze({
    programAddress: shape.programAddress,
    accounts: shape.accounts,
    data: Uint8Array.of(CLOSE_ACCOUNT_DISCRIMINATOR),
  });
}
