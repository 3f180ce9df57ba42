import { describe, expect, it } from 'vitest';
import { SHORT_U16_MAX, decodeShortU16, encodeShortU16, shortU16Length } from './short-u16';

// The vectors of Solana's own short_vec tests (solana-short-vec) at each byte boundary.
const VECTORS: readonly (readonly [number, readonly number[]])[] = [
  [0, [0x00]],
  [1, [0x01]],
  [127, [0x7f]],
  [128, [0x80, 0x01]],
  [255, [0xff, 0x01]],
  [256, [0x80, 0x02]],
  [16383, [0xff, 0x7f]],
  [16384, [0x80, 0x80, 0x01]],
  [65535, [0xff, 0xff, 0x03]],
];

describe('compact-u16', () => {
  it.each(VECTORS)('encodes %i as its known bytes', (value, bytes) => {
    expect([...encodeShortU16(value)]).toEqual(bytes);
    expect(shortU16Length(value)).toBe(bytes.length);
    expect(decodeShortU16(Uint8Array.from(bytes))).toEqual({ value, length: bytes.length });
  });

  it('round-trips every value, and the length function agrees with the encoder', () => {
    // One expect over the failures, not 65,536 expects: the loop stays quick.
    const failures: number[] = [];
    for (let value = 0; value <= SHORT_U16_MAX; value += 1) {
      const bytes = encodeShortU16(value);
      const decoded = decodeShortU16(bytes);
      if (bytes.length !== shortU16Length(value) || decoded.value !== value) failures.push(value);
    }
    expect(failures).toEqual([]);
  });

  it('refuses values outside 0..65535 and non-integers', () => {
    for (const value of [-1, 65536, 1.5, Number.NaN]) {
      expect(() => encodeShortU16(value)).toThrow(RangeError);
      expect(() => shortU16Length(value)).toThrow(RangeError);
    }
  });

  it('refuses truncated, overlong and non-canonical encodings', () => {
    expect(() => decodeShortU16(Uint8Array.from([0x80]))).toThrow(/ends before/);
    expect(() => decodeShortU16(Uint8Array.from([0x80, 0x80, 0x80, 0x01]))).toThrow(/longer/);
    expect(() => decodeShortU16(Uint8Array.from([0xff, 0xff, 0x04]))).toThrow(/larger/);
    expect(() => decodeShortU16(Uint8Array.from([0x80, 0x00]))).toThrow(/shortest/);
  });
});
