// A lookup table as the chain holds it. The account is the program's `ProgramState::LookupTable`:
// a u32 discriminator, the deactivation slot (u64::MAX while active), the last extended slot, the
// index at which that extension started, an optional authority, two bytes of padding, then the
// addresses, 32 bytes each, in the order a v0 message indexes them.

import { FleetError, LOOKUP_TABLE_META_SIZE, LOOKUP_TABLE_PROGRAM_ADDRESS } from '@fleet/core';
import {
  address,
  getAddressDecoder,
  getBase64Encoder,
  type Address,
  type GetAccountInfoApi,
  type Rpc,
} from '@solana/kit';

const LOOKUP_TABLE_DISCRIMINATOR = 1;
const ACTIVE = 0xffff_ffff_ffff_ffffn;
const ADDRESS_BYTES = 32;

export interface LookupTableAccount {
  readonly tableAddress: Address;
  /** Null once frozen: nobody can extend (or close) the table any more. */
  readonly authority: Address | null;
  /** Null while active; once deactivated, the table is usable until the slot leaves SlotHashes. */
  readonly deactivationSlot: bigint | null;
  /** A v0 transaction may load the addresses of an extension from the next slot on. */
  readonly lastExtendedSlot: bigint;
  readonly lastExtendedSlotStartIndex: number;
  readonly addresses: readonly Address[];
  readonly lamports: bigint;
}

/** Decodes a table account's bytes; throws `LOOKUP_TABLE__BAD_ACCOUNT` on anything else. */
export function decodeLookupTable(
  tableAddress: string,
  data: Uint8Array,
  lamports: bigint,
): LookupTableAccount {
  const bad = (reason: string) =>
    new FleetError('LOOKUP_TABLE__BAD_ACCOUNT', { tableAddress, reason });
  if (data.length < LOOKUP_TABLE_META_SIZE) throw bad(`${data.length} bytes`);
  if ((data.length - LOOKUP_TABLE_META_SIZE) % ADDRESS_BYTES !== 0)
    throw bad('the address list is not whole addresses');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== LOOKUP_TABLE_DISCRIMINATOR) throw bad('not an initialized table');
  const deactivation = view.getBigUint64(4, true);
  const decoder = getAddressDecoder();
  const hasAuthority = data[21] === 1;
  const addresses: Address[] = [];
  for (let at = LOOKUP_TABLE_META_SIZE; at < data.length; at += ADDRESS_BYTES) {
    addresses.push(decoder.decode(data.subarray(at, at + ADDRESS_BYTES)));
  }
  return Object.freeze({
    tableAddress: address(tableAddress),
    authority: hasAuthority ? decoder.decode(data.subarray(22, 22 + ADDRESS_BYTES)) : null,
    deactivationSlot: deactivation === ACTIVE ? null : deactivation,
    lastExtendedSlot: view.getBigUint64(12, true),
    lastExtendedSlotStartIndex: data[20] ?? 0,
    addresses: Object.freeze(addresses),
    lamports,
  });
}

/** The table at `tableAddress`, or null when no account is there. */
export async function readLookupTable(
  rpc: Rpc<GetAccountInfoApi>,
  tableAddress: string,
): Promise<LookupTableAccount | null> {
  const { value } = await rpc
    .getAccountInfo(address(tableAddress), { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (value === null) return null;
  if (String(value.owner) !== String(LOOKUP_TABLE_PROGRAM_ADDRESS)) {
    throw new FleetError('LOOKUP_TABLE__BAD_ACCOUNT', {
      tableAddress,
      reason: `owned by ${value.owner}`,
    });
  }
  const data = getBase64Encoder().encode(value.data[0]);
  return decodeLookupTable(tableAddress, new Uint8Array(data), value.lamports);
}
