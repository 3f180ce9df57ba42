/**
 * Solana's compact-u16 ("shortvec"): the length prefix of every array in a transaction. Seven bits
 * a byte, least significant first, the high bit saying another byte follows; at most three bytes,
 * so at most 2^16 − 1.
 */

export const SHORT_U16_MAX = 0xffff;

function assertIsShortU16(value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > SHORT_U16_MAX) {
    throw new RangeError(
      `A compact-u16 holds a whole number from 0 to ${SHORT_U16_MAX}, got ${value}`,
    );
  }
}

export function encodeShortU16(value: number): Uint8Array {
  assertIsShortU16(value);
  const bytes: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest >>>= 7;
    if (rest === 0) {
      bytes.push(low);
      return Uint8Array.from(bytes);
    }
    bytes.push(low | 0x80);
  }
}

/** The encoded length without building the bytes: the size accounting calls this per array. */
export function shortU16Length(value: number): 1 | 2 | 3 {
  assertIsShortU16(value);
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  return 3;
}

/** The value and the bytes it took, or a thrown RangeError for a truncated or oversized encoding. */
export function decodeShortU16(bytes: Uint8Array, offset = 0): { value: number; length: number } {
  let value = 0;
  for (let index = 0; index < 3; index += 1) {
    const byte = bytes[offset + index];
    if (byte === undefined) throw new RangeError('A compact-u16 ends before its last byte');
    value |= (byte & 0x7f) << (7 * index);
    if ((byte & 0x80) === 0) {
      if (value > SHORT_U16_MAX) throw new RangeError('A compact-u16 is larger than 2^16 − 1');
      // A zero final byte after the first would be a second, longer spelling of the same value.
      if (index > 0 && byte === 0)
        throw new RangeError('A compact-u16 is not in its shortest form');
      return { value, length: index + 1 };
    }
  }
  throw new RangeError('A compact-u16 is longer than three bytes');
}
