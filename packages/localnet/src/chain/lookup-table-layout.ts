// The address lookup table account: 56 bytes of metadata (state tag, deactivation slot, last
// extension slot and start index, optional authority, padding), then 32-byte addresses.

import { decodeBase58 } from '../codec/base58.js';

export const LOOKUP_TABLE_META_SIZE = 56;
const ACTIVE = 0xffff_ffff_ffff_ffffn;

export function encodeLookupTable(
  addresses: readonly string[],
  authority: string | null,
): Uint8Array {
  const data = new Uint8Array(LOOKUP_TABLE_META_SIZE + 32 * addresses.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true); // ProgramState::LookupTable
  view.setBigUint64(4, ACTIVE, true); // never deactivated
  view.setBigUint64(12, 0n, true); // last extended in slot 0 ...
  // ... and every address counts as extended before it, so all are usable immediately.
  data[20] = Math.min(addresses.length, 255);
  if (authority !== null) {
    data[21] = 1;
    data.set(decodeBase58(authority), 22);
  }
  addresses.forEach((address, i) =>
    data.set(decodeBase58(address), LOOKUP_TABLE_META_SIZE + 32 * i),
  );
  return data;
}
