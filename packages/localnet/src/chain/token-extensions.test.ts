import { describe, expect, it } from 'vitest';

import { decodeBase58 } from '../codec/base58.js';
import { parseExtensions, tokenMetadataOf } from './token-extensions.js';

const MINT = 'So11111111111111111111111111111111111111112';
const AUTHORITY = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

function tlv(type: number, value: number[]): number[] {
  return [type & 0xff, type >> 8, value.length & 0xff, value.length >> 8, ...value];
}

function text(value: string): number[] {
  const bytes = [...Buffer.from(value, 'utf8')];
  return [bytes.length, 0, 0, 0, ...bytes];
}

function mintWith(...extensions: number[][]): Uint8Array {
  const base = new Array<number>(165).fill(0);
  base[45] = 1;
  return new Uint8Array([...base, 1, ...extensions.flat()]);
}

describe('Token-2022 extensions', () => {
  it('reads the token metadata extension that names a mint', () => {
    const metadata = [
      ...decodeBase58(AUTHORITY),
      ...decodeBase58(MINT),
      ...text('Fleet Token'),
      ...text('FLT'),
      ...text('https://example.invalid/flt.json'),
      1,
      0,
      0,
      0,
      ...text('site'),
      ...text('fleet'),
    ];
    const data = mintWith(tlv(18, new Array<number>(64).fill(0)), tlv(19, metadata));
    expect(tokenMetadataOf(data)).toEqual({
      updateAuthority: AUTHORITY,
      mint: MINT,
      name: 'Fleet Token',
      symbol: 'FLT',
      uri: 'https://example.invalid/flt.json',
      additionalMetadata: [['site', 'fleet']],
    });
    expect(parseExtensions(data).map((e) => e.extension)).toEqual([
      'metadataPointer',
      'tokenMetadata',
    ]);
  });

  it('names stateless extensions and stops at the end of the entries', () => {
    const account = new Uint8Array([...new Array<number>(165).fill(0), 2, ...tlv(7, []), 0, 0]);
    expect(parseExtensions(account)).toEqual([{ extension: 'immutableOwner' }]);
  });
});
