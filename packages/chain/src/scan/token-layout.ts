// The SPL Token and Token-2022 account layouts, decoded from the base64 bytes the chain stores.
// We decode ourselves rather than trust a provider's jsonParsed rendering: the raw u64 is the
// amount, and a malformed account is refused here instead of becoming a wrong balance.

import { getAddressDecoder, type Address } from '@solana/kit';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
export type TokenProgram = 'token' | 'token-2022';

const ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
/** Token-2022 puts an account-type byte after the base layout when extensions follow. */
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

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

/** Token-2022's TLV entries start after the account-type byte. */
const EXTENSIONS_OFFSET = 166;
/** `ExtensionType::TransferFeeAmount`: one u64, the withheld amount. */
const EXTENSION_TRANSFER_FEE_AMOUNT = 2;

/** The withheld transfer fees of a Token-2022 account's extensions; 0 when it has none. */
function withheldTransferFees(bytes: Uint8Array, view: DataView): bigint {
  let offset = EXTENSIONS_OFFSET;
  while (offset + 4 <= bytes.length) {
    const type = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    if (type === 0 || offset + 4 + length > bytes.length) return 0n;
    if (type === EXTENSION_TRANSFER_FEE_AMOUNT && length >= 8) {
      return view.getBigUint64(offset + 4, true);
    }
    offset += 4 + length;
  }
  return 0n;
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

/** Null when the bytes are not an initialised token account of `program`. */
export function decodeTokenAccount(
  bytes: Uint8Array,
  program: TokenProgram,
): DecodedTokenAccount | null {
  if (bytes.length < ACCOUNT_SIZE) return null;
  if (program === 'token' && bytes.length !== ACCOUNT_SIZE) return null;
  if (bytes.length > ACCOUNT_SIZE && bytes[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_ACCOUNT)
    return null;
  const state = bytes[108];
  if (state !== 1 && state !== 2) return null; // uninitialised
  const decoder = getAddressDecoder();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    mint: decoder.decode(bytes.subarray(0, 32)),
    owner: decoder.decode(bytes.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
    frozen: state === 2,
    withheldAmount: bytes.length > ACCOUNT_SIZE ? withheldTransferFees(bytes, view) : 0n,
  };
}

/** A mint's decimals; null when the bytes are not an initialised mint. */
export function decodeMintDecimals(bytes: Uint8Array, program: TokenProgram): number | null {
  if (bytes.length < MINT_SIZE) return null;
  if (program === 'token' && bytes.length !== MINT_SIZE) return null;
  if (bytes.length > MINT_SIZE) {
    // Token-2022 pads a mint to the account size before its type byte.
    if (bytes.length <= ACCOUNT_TYPE_OFFSET || bytes[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT)
      return null;
  }
  if (bytes[45] !== 1) return null;
  return bytes[44] ?? null;
}
