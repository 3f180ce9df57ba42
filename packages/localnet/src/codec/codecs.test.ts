import { randomBytes } from 'node:crypto';

import { getBase58Codec } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { Base58Error, decodeBase58, encodeBase58 } from './base58.js';
import { Base64Error, decodeBase64, encodeBase64 } from './base64.js';

describe('base58', () => {
  it('agrees with kit on random inputs of every length, leading zeros included', () => {
    const kit = getBase58Codec();
    for (let length = 0; length <= 80; length++) {
      const bytes = new Uint8Array(length).map((_, i) =>
        i < 2 ? 0 : (i * 131 + length * 17) & 0xff,
      );
      const text = encodeBase58(bytes);
      expect(text).toBe(kit.decode(bytes));
      expect([...decodeBase58(text)]).toEqual([...bytes]);
    }
  });

  it('agrees with kit on random inputs', () => {
    const kit = getBase58Codec();
    for (let n = 0; n < 500; n++) {
      const bytes = new Uint8Array(randomBytes(n % 90));
      if (n % 5 === 0 && bytes.length > 1) bytes[0] = 0;
      expect(encodeBase58(bytes)).toBe(kit.decode(bytes));
    }
  });

  it('names the first bad character and its index, as Agave does', () => {
    expect(() => decodeBase58('abc0def')).toThrow(
      new Base58Error("InvalidCharacter { character: '0', index: 3 }"),
    );
    expect(() => decodeBase58('é')).toThrow(Base58Error);
  });
});

describe('base64', () => {
  it('round-trips bytes', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253]);
    expect([...decodeBase64(encodeBase64(bytes))]).toEqual([...bytes]);
  });

  it('refuses bad characters and missing padding instead of skipping them', () => {
    expect(() => decodeBase64('AB$D')).toThrow(new Base64Error('InvalidByte(2, 36)'));
    expect(() => decodeBase64('abc')).toThrow(new Base64Error('InvalidPadding'));
  });
});
