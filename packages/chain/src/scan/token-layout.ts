// The SPL Token and Token-2022 account layouts, decoded from the base64 bytes the chain stores
// (by core's decoders, which the plans use too).
// We decode ourselves rather than trust a provider's jsonParsed rendering: the raw u64 is the
// amount, and a malformed account is refused here instead of becoming a wrong balance.

import {
  decodeMint,
  decodeTokenAccount as decodeTokenAccountState,
  type Address as CoreAddress,
} from '@fleet/core';
import type { Address } from '@solana/kit';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
export type TokenProgram = 'token' | 'token-2022';

export interface DecodedTokenAccount {
  readonly mint: Address;
  readonly owner: Address;
  readonly amount: bigint;
  /** State 2: the mint's freeze authority froze it; it cannot move, burn or close until thawed. */
  readonly frozen: boolean;
  /**
   * Token-2022 transfer fees withheld in the account (its TransferFeeAmount extension): an
   * account holding any cannot close until they are harvested to the mint.
   */
  readonly withheldAmount: bigint;
}

export function programOf(owner: string): TokenProgram | null {
  if (owner === TOKEN_PROGRAM) return 'token';
  if (owner === TOKEN_2022_PROGRAM) return 'token-2022';
  return null;
}

export function base64Bytes(data: unknown): Uint8Array | null {
  if (!Array.isArray(data) || data[1] !== 'base64' || typeof data[0] !== 'string') return null;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data[0])) return null;
  return Buffer.from(data[0], 'base64');
}

/** The core's name of a token program, whose decoders the scan shares with the plans. */
const CORE_PROGRAM = { token: 'token', 'token-2022': 'token2022' } as const;

/** Null when the bytes are not an initialised token account of `program`. */
export function decodeTokenAccount(
  bytes: Uint8Array,
  program: TokenProgram,
): DecodedTokenAccount | null {
  // The address and lamports are not the scan's to report here: only the data's fields are kept.
  const state = decodeTokenAccountState(UNNAMED, CORE_PROGRAM[program], bytes, 0n);
  if (state === null) return null;
  return {
    // The same base58 text under kit's brand.
    mint: state.mint as string as Address,
    owner: state.owner as string as Address,
    amount: state.amount,
    frozen: state.frozen,
    withheldAmount: state.withheldAmount,
  };
}

/** A mint's decimals; null when the bytes are not an initialised mint. */
export function decodeMintDecimals(bytes: Uint8Array, program: TokenProgram): number | null {
  return decodeMint(UNNAMED, CORE_PROGRAM[program], bytes)?.decimals ?? null;
}

/** The decoders name the account they read; the scan's callers know it already. */
const UNNAMED = '11111111111111111111111111111111' as CoreAddress;
