import type { Address } from '../primitives/address';
import type { InstructionShape } from './instruction';
import { shortU16Length } from './short-u16';

/** The most bytes a serialized transaction may have (IPv6 MTU less headers): Agave's limit. */
export const PACKET_DATA_SIZE = 1232;
/** The most accounts one transaction may reference, static and loaded from tables alike. */
export const MAX_TX_ACCOUNT_LOCKS = 64;
/** A table entry is loaded by a u8 index. */
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;

const SIGNATURE_BYTES = 64;
const ADDRESS_BYTES = 32;
const BLOCKHASH_BYTES = 32;
/** num_required_signatures, num_readonly_signed, num_readonly_unsigned: one byte each. */
const HEADER_BYTES = 3;
/** A v0 message starts with 0x80 | version, so a reader tells it from a legacy header. */
const VERSION_PREFIX_BYTES = 1;
/** An instruction names its program by a u8 index into the account keys. */
const PROGRAM_INDEX_BYTES = 1;
/** An account is named inside an instruction or a table lookup by a u8 index. */
const INDEX_BYTES = 1;

/** An address lookup table a v0 message may load accounts through. */
export interface AddressLookupTable {
  readonly tableAddress: Address;
  readonly addresses: ReadonlySet<Address>;
}

/**
 * A v0 message may draw on several tables: a table holds at most 256 addresses, so a fleet of
 * thousands of wallets spreads over several. An account held by more than one is loaded from
 * the first in this order, as @solana/kit does.
 */
export type MessageFormat =
  'legacy' | { readonly v0: AddressLookupTable | readonly AddressLookupTable[] };

/** The accounts one table lends a message. */
export interface TableLookup {
  readonly tableAddress: Address;
  readonly writable: readonly Address[];
  readonly readonly: readonly Address[];
}

export interface MessageSizeInput {
  readonly feePayer: Address;
  readonly instructions: readonly InstructionShape[];
  readonly format: MessageFormat;
}

/** Where each account of a compiled message sits, and what the whole transaction weighs. */
export interface MessageLayout {
  readonly version: 'legacy' | 'v0';
  /** Every account that must sign, fee payer first: the signatures the transaction carries. */
  readonly signers: readonly Address[];
  /** The message's account keys in wire order (writable signers, readonly signers, writable, readonly). */
  readonly staticAccounts: readonly Address[];
  readonly header: {
    readonly numRequiredSignatures: number;
    readonly numReadonlySignedAccounts: number;
    readonly numReadonlyUnsignedAccounts: number;
  };
  /** Accounts loaded through lookup tables (v0 only; empty otherwise), all tables together. */
  readonly loadedWritable: readonly Address[];
  readonly loadedReadonly: readonly Address[];
  /** The tables that lend at least one account, in the order they were given. */
  readonly lookups: readonly TableLookup[];
  /** Distinct accounts the transaction references: what the runtime compares with 64. */
  readonly accountLocks: number;
  /** The serialized transaction's bytes, signatures included: what must stay within 1232. */
  readonly size: number;
}

interface AccountUse {
  signer: boolean;
  writable: boolean;
  /** A program the message calls: the runtime requires it among the static keys. */
  invoked: boolean;
}

/**
 * Compiles the account list of a message the way Solana's compilers do (each key once, with the
 * union of its flags, the fee payer first as a writable signer) and counts its serialized bytes.
 * In v0 an account held by a table is loaded through it (one index byte instead of 32) unless it
 * signs or is a called program, both of which must be static.
 */
export function messageLayout({ feePayer, instructions, format }: MessageSizeInput): MessageLayout {
  const uses = new Map<Address, AccountUse>();
  uses.set(feePayer, { signer: true, writable: true, invoked: false });
  const use = (address: Address): AccountUse => {
    let found = uses.get(address);
    if (found === undefined) {
      found = { signer: false, writable: false, invoked: false };
      uses.set(address, found);
    }
    return found;
  };
  let instructionBytes = shortU16Length(instructions.length);
  for (const instruction of instructions) {
    use(instruction.programAddress).invoked = true;
    for (const meta of instruction.accounts) {
      const account = use(meta.address);
      account.signer ||= meta.signer;
      account.writable ||= meta.writable;
    }
    instructionBytes +=
      PROGRAM_INDEX_BYTES +
      shortU16Length(instruction.accounts.length) +
      instruction.accounts.length * INDEX_BYTES +
      shortU16Length(instruction.dataLength) +
      instruction.dataLength;
  }

  const versioned = format !== 'legacy';
  const tables: readonly AddressLookupTable[] = !versioned
    ? []
    : isTableList(format.v0)
      ? format.v0
      : [format.v0];
  const lent = tables.map(() => ({ writable: [] as Address[], readonly: [] as Address[] }));
  const writableSigners: Address[] = [];
  const readonlySigners: Address[] = [];
  const writableStatic: Address[] = [];
  const readonlyStatic: Address[] = [];
  for (const [address, account] of uses) {
    if (account.signer) {
      (account.writable ? writableSigners : readonlySigners).push(address);
      continue;
    }
    const tableIndex = account.invoked
      ? -1
      : tables.findIndex((table) => table.addresses.has(address));
    const lender = lent[tableIndex];
    if (lender !== undefined) {
      (account.writable ? lender.writable : lender.readonly).push(address);
    } else {
      (account.writable ? writableStatic : readonlyStatic).push(address);
    }
  }
  const signers = [...writableSigners, ...readonlySigners];
  const staticAccounts = [...signers, ...writableStatic, ...readonlyStatic];
  // A table that lends nothing is left out of the message rather than sent with two empty lists.
  const lookups: TableLookup[] = [];
  tables.forEach((table, index) => {
    const lender = lent[index];
    if (lender === undefined || lender.writable.length + lender.readonly.length === 0) return;
    lookups.push(
      Object.freeze({
        tableAddress: table.tableAddress,
        writable: Object.freeze(lender.writable),
        readonly: Object.freeze(lender.readonly),
      }),
    );
  });

  let size =
    shortU16Length(signers.length) +
    signers.length * SIGNATURE_BYTES +
    (versioned ? VERSION_PREFIX_BYTES : 0) +
    HEADER_BYTES +
    shortU16Length(staticAccounts.length) +
    staticAccounts.length * ADDRESS_BYTES +
    BLOCKHASH_BYTES +
    instructionBytes;
  if (versioned) {
    size += shortU16Length(lookups.length);
    for (const lookup of lookups) {
      size +=
        ADDRESS_BYTES +
        shortU16Length(lookup.writable.length) +
        lookup.writable.length * INDEX_BYTES +
        shortU16Length(lookup.readonly.length) +
        lookup.readonly.length * INDEX_BYTES;
    }
  }

  return Object.freeze({
    version: versioned ? 'v0' : 'legacy',
    signers: Object.freeze(signers),
    staticAccounts: Object.freeze(staticAccounts),
    header: Object.freeze({
      numRequiredSignatures: signers.length,
      numReadonlySignedAccounts: readonlySigners.length,
      numReadonlyUnsignedAccounts: readonlyStatic.length,
    }),
    loadedWritable: Object.freeze(lookups.flatMap((lookup) => lookup.writable)),
    loadedReadonly: Object.freeze(lookups.flatMap((lookup) => lookup.readonly)),
    lookups: Object.freeze(lookups),
    accountLocks: uses.size,
    size,
  });
}

function isTableList(
  v0: AddressLookupTable | readonly AddressLookupTable[],
): v0 is readonly AddressLookupTable[] {
  return Array.isArray(v0);
}

/** Whether the runtime would take the transaction: within 1232 bytes and 64 account locks. */
export function fitsInOneTransaction(layout: MessageLayout): boolean {
  return layout.size <= PACKET_DATA_SIZE && layout.accountLocks <= MAX_TX_ACCOUNT_LOCKS;
}
