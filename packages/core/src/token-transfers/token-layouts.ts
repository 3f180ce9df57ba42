import { encodeBase58 } from '../keys/base58';
import type { Address } from '../primitives/address';
import type { TokenProgramKind } from '../token-closes/close-instruction';
import { rentExemptMinimum } from '../transactions/rent';

// What a transfer needs to know of a mint and of a token account, read from their raw account
// data (Token's layouts, and Token-2022's extensions after byte 165), so a plan does not depend
// on how an RPC node renders `jsonParsed`.

export const TOKEN_ACCOUNT_LENGTH = 165;
export const MINT_LENGTH = 82;
/** Token-2022 puts the account type at byte 165 (mints are padded to it), then the TLV entries. */
const ACCOUNT_TYPE_OFFSET = 165;
const EXTENSIONS_START = 166;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
/** A multisig account is 355 bytes: an account of that length gets 4 more, to tell them apart. */
const MULTISIG_LENGTH = 355;

/** Token-2022's extension types, by their u16 tag. */
const EXTENSION = {
  transferFeeConfig: 1,
  transferFeeAmount: 2,
  confidentialTransferMint: 4,
  confidentialTransferAccount: 5,
  defaultAccountState: 6,
  immutableOwner: 7,
  memoTransfer: 8,
  nonTransferable: 9,
  nonTransferableAccount: 13,
  transferHook: 14,
  transferHookAccount: 15,
  confidentialTransferFeeConfig: 16,
  confidentialTransferFeeAmount: 17,
  confidentialMintBurn: 24,
  pausable: 26,
  pausableAccount: 27,
} as const;

/** Mint extensions a plain TransferChecked and an associated account creation work with. */
const HARMLESS_MINT_EXTENSIONS: ReadonlySet<number> = new Set([
  3, // MintCloseAuthority
  10, // InterestBearingConfig
  12, // PermanentDelegate
  18, // MetadataPointer
  19, // TokenMetadata
  20, // GroupPointer
  21, // TokenGroup
  22, // GroupMemberPointer
  23, // TokenGroupMember
  25, // ScaledUiAmount
]);

/** One of the two fees a transfer-fee mint holds: in force from `epoch`. */
export interface TransferFee {
  readonly epoch: bigint;
  readonly maximumFee: bigint;
  readonly basisPoints: number;
}

/** Why a mint's tokens cannot be moved by a plain TransferChecked. */
export type MintTransferBlocker =
  'non-transferable' | 'transfer hook' | 'paused' | 'unsupported extension';

export interface MintState {
  readonly address: Address;
  readonly program: TokenProgramKind;
  readonly decimals: number;
  readonly supply: bigint;
  readonly freezeAuthority: Address | null;
  /** Token-2022's transfer fee (older, newer), or null. */
  readonly transferFee: { readonly older: TransferFee; readonly newer: TransferFee } | null;
  /** New accounts start frozen (Token-2022's DefaultAccountState). */
  readonly defaultFrozen: boolean;
  readonly blocker: MintTransferBlocker | null;
  /** The data length of a new associated account for this mint (extensions it requires). */
  readonly associatedAccountLength: number;
}

export interface TokenAccountState {
  readonly address: Address;
  readonly program: TokenProgramKind;
  readonly mint: Address;
  readonly owner: Address;
  readonly amount: bigint;
  readonly lamports: bigint;
  readonly frozen: boolean;
  /** A wrapped-SOL account: its lamports above rent are its amount. */
  readonly isNative: boolean;
  /** Token-2022: transfer fees withheld in the account (it cannot close while any are). */
  readonly withheldAmount: bigint;
  /** Token-2022's MemoTransfer: an incoming transfer must follow a memo instruction. */
  readonly requiresIncomingMemo: boolean;
}

interface Entry {
  readonly type: number;
  readonly value: Uint8Array;
}

function entriesOf(data: Uint8Array): Entry[] | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const entries: Entry[] = [];
  let offset = EXTENSIONS_START;
  while (offset + 4 <= data.length) {
    const type = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    // Type 0 is the uninitialized padding at the end of an account sized for more.
    if (type === 0) break;
    if (offset + 4 + length > data.length) return null;
    entries.push({ type, value: data.subarray(offset + 4, offset + 4 + length) });
    offset += 4 + length;
  }
  return entries;
}

function optionalKey(data: Uint8Array, offset: number): Address | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return view.getUint32(offset, true) === 1
    ? (encodeBase58(data.subarray(offset + 4, offset + 36)) as Address)
    : null;
}

function transferFeeAt(value: Uint8Array, offset: number): TransferFee {
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  return Object.freeze({
    epoch: view.getBigUint64(offset, true),
    maximumFee: view.getBigUint64(offset + 8, true),
    basisPoints: view.getUint16(offset + 16, true),
  });
}

/** Token-2022's account length for these extension data lengths (`try_calculate_account_len`). */
function accountLength(extensionLengths: readonly number[]): number {
  if (extensionLengths.length === 0) return TOKEN_ACCOUNT_LENGTH;
  const total = extensionLengths.reduce((sum, length) => sum + 4 + length, EXTENSIONS_START);
  return total === MULTISIG_LENGTH ? total + 4 : total;
}

/**
 * A mint's state from its account data, or null when the data is not an initialized mint of the
 * program that owns it.
 */
export function decodeMint(
  address: Address,
  program: TokenProgramKind,
  data: Uint8Array,
): MintState | null {
  const extended = data.length > ACCOUNT_TYPE_OFFSET;
  if (data.length !== MINT_LENGTH && !(program === 'token2022' && extended)) return null;
  if (extended && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return null;
  if (data[45] !== 1) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const entries = extended ? entriesOf(data) : [];
  if (entries === null) return null;
  let transferFee: MintState['transferFee'] = null;
  let defaultFrozen = false;
  let blocker: MintTransferBlocker | null = null;
  const block = (reason: MintTransferBlocker) => {
    blocker ??= reason;
  };
  // Every associated account of a Token-2022 mint is ImmutableOwner; the mint adds its own.
  const accountExtensions: number[] = program === 'token2022' ? [0] : [];
  for (const { type, value } of entries) {
    switch (type) {
      case EXTENSION.transferFeeConfig:
        // authorities (2 × 32), withheld (8), then the older and newer fees (18 bytes each)
        transferFee = Object.freeze({
          older: transferFeeAt(value, 72),
          newer: transferFeeAt(value, 90),
        });
        accountExtensions.push(8);
        break;
      case EXTENSION.defaultAccountState:
        defaultFrozen = value[0] === 2;
        break;
      case EXTENSION.nonTransferable:
        block('non-transferable');
        accountExtensions.push(0);
        break;
      case EXTENSION.transferHook: {
        // authority, then the hook program: a mint whose program is unset calls no hook
        const hookProgram = value.subarray(32, 64);
        if (hookProgram.some((byte) => byte !== 0)) block('transfer hook');
        accountExtensions.push(1);
        break;
      }
      case EXTENSION.pausable:
        if (value[32] === 1) block('paused');
        accountExtensions.push(0);
        break;
      default:
        if (!HARMLESS_MINT_EXTENSIONS.has(type)) block('unsupported extension');
    }
  }
  return Object.freeze({
    address,
    program,
    decimals: data[44] ?? 0,
    supply: view.getBigUint64(36, true),
    freezeAuthority: optionalKey(data, 46),
    transferFee,
    defaultFrozen,
    blocker,
    associatedAccountLength: accountLength(accountExtensions),
  });
}

/**
 * A token account's state from its data and lamports, or null when the data is not an
 * initialized token account.
 */
export function decodeTokenAccount(
  address: Address,
  program: TokenProgramKind,
  data: Uint8Array,
  lamports: bigint,
): TokenAccountState | null {
  const extended = data.length > ACCOUNT_TYPE_OFFSET;
  if (data.length !== TOKEN_ACCOUNT_LENGTH && !(program === 'token2022' && extended)) return null;
  if (extended && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_ACCOUNT) return null;
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const entries = extended ? entriesOf(data) : [];
  if (entries === null) return null;
  let withheldAmount = 0n;
  let requiresIncomingMemo = false;
  for (const { type, value } of entries) {
    if (type === EXTENSION.transferFeeAmount && value.length >= 8) {
      withheldAmount = new DataView(value.buffer, value.byteOffset, value.byteLength).getBigUint64(
        0,
        true,
      );
    }
    if (type === EXTENSION.memoTransfer) requiresIncomingMemo = value[0] === 1;
  }
  return Object.freeze({
    address,
    program,
    mint: encodeBase58(data.subarray(0, 32)) as Address,
    owner: encodeBase58(data.subarray(32, 64)) as Address,
    amount: view.getBigUint64(64, true),
    lamports,
    frozen: state === 2,
    isNative: view.getUint32(109, true) === 1,
    withheldAmount,
    requiresIncomingMemo,
  });
}

/**
 * An associated token account address as the chain holds it: a token account, nothing
 * (`missing`: the transfer creates it first), or an account that is not its owner's token
 * account for that mint (`foreign`: nothing can be sent there).
 */
export type AssociatedAccountState = TokenAccountState | 'missing' | 'foreign';

/**
 * What sits at an owner's associated address for a mint: nothing, that owner's token account of
 * that mint (decoded), or anything else (another program's account, another owner's or mint's).
 */
export function associatedAccountStateOf(
  expected: { readonly owner: Address; readonly mint: Address },
  found: { readonly exists: boolean; readonly decoded: TokenAccountState | null },
): AssociatedAccountState {
  if (!found.exists) return 'missing';
  const { decoded } = found;
  if (decoded === null || decoded.owner !== expected.owner || decoded.mint !== expected.mint) {
    return 'foreign';
  }
  return decoded;
}

/** The fee in force in `epoch`: the newer one from its epoch on, the older before. */
export function transferFeeIn(
  mint: Pick<MintState, 'transferFee'>,
  epoch: bigint,
): TransferFee | null {
  const fee = mint.transferFee;
  if (fee === null) return null;
  return epoch >= fee.newer.epoch ? fee.newer : fee.older;
}

/**
 * What Token-2022 withholds from a transfer of `amount`: the basis points rounded up, at most the
 * maximum fee (`TransferFee::calculate_fee`). The recipient receives `amount` less this.
 */
export function transferFeeOf(fee: TransferFee | null, amount: bigint): bigint {
  if (fee === null || fee.basisPoints === 0 || amount === 0n) return 0n;
  const raw = (amount * BigInt(fee.basisPoints) + 9_999n) / 10_000n;
  return raw < fee.maximumFee ? raw : fee.maximumFee;
}

/** The rent the payer of a new associated account for `mint` deposits in it. */
export function associatedAccountRent(mint: Pick<MintState, 'associatedAccountLength'>): bigint {
  return rentExemptMinimum(mint.associatedAccountLength);
}

/** The rent a close returns: the account's lamports, less a wrapped-SOL account's own amount. */
export function reclaimableRent(
  account: Pick<TokenAccountState, 'lamports' | 'amount' | 'isNative'>,
): bigint {
  return account.isNative ? account.lamports - account.amount : account.lamports;
}
