// The Address Lookup Table program's instructions and costs, as pure values. A table holds at most
// 256 addresses (a v0 message loads an entry by a u8 index); a per-tenant set of tables lets a v0
// transaction name its recipients by one byte each instead of 32, so it holds 54+ transfers
// instead of 20. The table address is a program-derived address: sha256 and an off-curve check,
// both pure (noble), so core derives it without I/O.

import { decodeBase58 } from '../keys/base58';
import type { Address } from '../primitives/address';
import { U64_MAX } from '../primitives/u64';
import type { Instruction, InstructionShape } from './instruction';
import { LOOKUP_TABLE_MAX_ADDRESSES } from './message-size';
import { findProgramAddress } from './program-derived-address';
import { rentExemptMinimum } from './rent';
import { SYSTEM_PROGRAM_ADDRESS } from './system-transfer';

export { LOOKUP_TABLE_MAX_ADDRESSES };

export const LOOKUP_TABLE_PROGRAM_ADDRESS =
  'AddressLookupTab1e1111111111111111111111111' as Address;

/** The program's instruction enum (bincode: a u32 variant). */
const CREATE_LOOKUP_TABLE = 0;
const EXTEND_LOOKUP_TABLE = 2;
/** u32 variant + u64 recent slot + u8 bump. */
export const CREATE_LOOKUP_TABLE_DATA_LENGTH = 13;
/** u32 variant + u64 address count, then 32 bytes an address. */
const EXTEND_HEADER_LENGTH = 12;
const ADDRESS_BYTES = 32;

/** A table account's metadata before its addresses (`LOOKUP_TABLE_META_SIZE`). */
export const LOOKUP_TABLE_META_SIZE = 56;

/** The bytes of a table account holding `count` addresses. */
export function lookupTableDataLength(count: number): number {
  assertAddressCount(count);
  return LOOKUP_TABLE_META_SIZE + ADDRESS_BYTES * count;
}

/** The rent-exempt minimum of a table holding `count` addresses (what the payer deposits). */
export function lookupTableRent(count: number): bigint {
  return rentExemptMinimum(lookupTableDataLength(count));
}

function assertAddressCount(count: number): void {
  if (!Number.isInteger(count) || count < 0 || count > LOOKUP_TABLE_MAX_ADDRESSES) {
    throw new RangeError(
      `A lookup table holds 0 to ${LOOKUP_TABLE_MAX_ADDRESSES} addresses, got ${count}`,
    );
  }
}

function u64Le(value: bigint): Uint8Array {
  if (value < 0n || value > U64_MAX) throw new RangeError(`Not a u64: ${value}`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

/**
 * The program-derived address of the table `authority` creates with `recentSlot`: the first bump
 * from 255 down whose hash is off the ed25519 curve, exactly as the runtime's
 * `find_program_address` (and kit's `getProgramDerivedAddress`) search it.
 */
export function lookupTableAddress(
  authority: Address,
  recentSlot: bigint,
): { readonly address: Address; readonly bump: number } {
  return findProgramAddress(
    [decodeBase58(authority), u64Le(recentSlot)],
    LOOKUP_TABLE_PROGRAM_ADDRESS,
  );
}

/** Table (writable), authority (signs), payer (signs, pays the rent), the System Program. */
function tableAccounts(table: Address, authority: Address, payer: Address) {
  return Object.freeze([
    Object.freeze({ address: table, signer: false, writable: true }),
    Object.freeze({ address: authority, signer: true, writable: false }),
    Object.freeze({ address: payer, signer: true, writable: true }),
    Object.freeze({ address: SYSTEM_PROGRAM_ADDRESS, signer: false, writable: false }),
  ]);
}

export interface CreateLookupTableInput {
  readonly authority: Address;
  readonly payer: Address;
  /**
   * A slot the SlotHashes sysvar still holds (at most 512 slots old): the program refuses others,
   * so one authority gets a new table address per recent slot.
   */
  readonly recentSlot: bigint;
}

export function createLookupTableInstruction(input: CreateLookupTableInput): {
  readonly instruction: Instruction;
  readonly tableAddress: Address;
} {
  const { address: tableAddress, bump } = lookupTableAddress(input.authority, input.recentSlot);
  const data = new Uint8Array(CREATE_LOOKUP_TABLE_DATA_LENGTH);
  const view = new DataView(data.buffer);
  view.setUint32(0, CREATE_LOOKUP_TABLE, true);
  view.setBigUint64(4, input.recentSlot, true);
  data[12] = bump;
  return Object.freeze({
    instruction: Object.freeze({
      programAddress: LOOKUP_TABLE_PROGRAM_ADDRESS,
      accounts: tableAccounts(tableAddress, input.authority, input.payer),
      data,
    }),
    tableAddress,
  });
}

export interface ExtendLookupTableInput {
  readonly table: Address;
  readonly authority: Address;
  readonly payer: Address;
  readonly addresses: readonly Address[];
}

/** What an extension of `count` addresses weighs, for the packer to measure before building. */
export function extendLookupTableShape(
  input: Omit<ExtendLookupTableInput, 'addresses'> & { readonly count: number },
): InstructionShape {
  return Object.freeze({
    programAddress: LOOKUP_TABLE_PROGRAM_ADDRESS,
    accounts: tableAccounts(input.table, input.authority, input.payer),
    dataLength: EXTEND_HEADER_LENGTH + ADDRESS_BYTES * input.count,
  });
}

export function extendLookupTableInstruction(input: ExtendLookupTableInput): Instruction {
  // The program refuses an empty extension, and no table can grow past 256.
  if (input.addresses.length === 0) throw new RangeError('An extension adds at least one address');
  assertAddressCount(input.addresses.length);
  const data = new Uint8Array(EXTEND_HEADER_LENGTH + ADDRESS_BYTES * input.addresses.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, EXTEND_LOOKUP_TABLE, true);
  view.setBigUint64(4, BigInt(input.addresses.length), true);
  input.addresses.forEach((entry, index) => {
    const bytes = decodeBase58(entry);
    if (bytes.length !== ADDRESS_BYTES) throw new RangeError(`Not a 32-byte address: ${entry}`);
    data.set(bytes, EXTEND_HEADER_LENGTH + ADDRESS_BYTES * index);
  });
  return Object.freeze({
    programAddress: LOOKUP_TABLE_PROGRAM_ADDRESS,
    accounts: tableAccounts(input.table, input.authority, input.payer),
    data,
  });
}
