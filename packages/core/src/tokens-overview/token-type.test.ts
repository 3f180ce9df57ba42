import { describe, expect, it } from 'vitest';
import { isTokenType, tokenTypeOf } from './token-type';

describe("spec 2 §3's type rule for an aggregated token", () => {
  it('keeps a stored class whatever the decimals say', () => {
    expect(tokenTypeOf({ type: 'cnft', decimals: 0 })).toBe('cnft');
    expect(tokenTypeOf({ type: 'other', decimals: 6 })).toBe('other');
    expect(tokenTypeOf({ type: 'spl', decimals: 0 })).toBe('spl');
  });

  it('reads 0 decimals as an NFT when the class is unknown', () => {
    expect(tokenTypeOf({ type: null, decimals: 0 })).toBe('nft');
    expect(tokenTypeOf({ decimals: 0 })).toBe('nft');
  });

  it('reads any other number of decimals as an SPL token', () => {
    for (const decimals of [1, 6, 9, 18]) expect(tokenTypeOf({ decimals })).toBe('spl');
  });

  it('reads no decimals at all as other', () => {
    expect(tokenTypeOf({ type: null, decimals: null })).toBe('other');
  });

  it('knows its four classes and nothing else', () => {
    expect(['spl', 'nft', 'cnft', 'other'].every(isTokenType)).toBe(true);
    expect(isTokenType('all')).toBe(false);
    expect(isTokenType('SPL')).toBe(false);
    expect(isTokenType(0)).toBe(false);
  });
});
