import { getAddressEncoder, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { randomAddress } from '../testing/fixtures';
import { decodeMintDecimals, decodeTokenAccount } from './token-layout';

function tokenAccount(mint: string, owner: string, amount: bigint, size = 165): Uint8Array {
  const bytes = new Uint8Array(size);
  const encoder = getAddressEncoder();
  bytes.set(encoder.encode(mint as Address), 0);
  bytes.set(encoder.encode(owner as Address), 32);
  new DataView(bytes.buffer).setBigUint64(64, amount, true);
  bytes[108] = 1;
  return bytes;
}

describe('decoding token accounts and mints', () => {
  it('reads the owner, the mint and the full u64 amount', () => {
    const [mint, owner] = [randomAddress(), randomAddress()];
    const max = (1n << 64n) - 1n;
    expect(decodeTokenAccount(tokenAccount(mint, owner, max), 'token')).toEqual({
      mint,
      owner,
      amount: max,
      frozen: false,
      withheldAmount: 0n,
    });
  });

  it('tells a frozen account and the transfer fees a Token-2022 account withholds', () => {
    const frozen = tokenAccount(randomAddress(), randomAddress(), 0n);
    frozen[108] = 2;
    expect(decodeTokenAccount(frozen, 'token')).toMatchObject({ frozen: true, withheldAmount: 0n });

    // account type, ImmutableOwner (7, empty), then TransferFeeAmount (2) holding 1,234
    const extended = tokenAccount(randomAddress(), randomAddress(), 0n, 166 + 4 + 4 + 8);
    const view = new DataView(extended.buffer);
    extended[165] = 2;
    view.setUint16(166, 7, true);
    view.setUint16(168, 0, true);
    view.setUint16(170, 2, true);
    view.setUint16(172, 8, true);
    view.setBigUint64(174, 1_234n, true);
    expect(decodeTokenAccount(extended, 'token-2022')).toMatchObject({
      frozen: false,
      withheldAmount: 1_234n,
    });
    // a TLV entry that runs past the data makes the account unreadable, as the plans read it:
    // no figure is taken from bytes the token program would not have written
    view.setUint16(172, 9, true);
    expect(decodeTokenAccount(extended, 'token-2022')).toBeNull();
  });

  it('refuses short, uninitialised and mis-typed accounts', () => {
    const bytes = tokenAccount(randomAddress(), randomAddress(), 1n);
    expect(decodeTokenAccount(bytes.subarray(0, 164), 'token')).toBeNull();
    expect(decodeTokenAccount(new Uint8Array(165), 'token')).toBeNull();
    const extended = tokenAccount(randomAddress(), randomAddress(), 1n, 170);
    expect(decodeTokenAccount(extended, 'token')).toBeNull();
    extended[165] = 2;
    expect(decodeTokenAccount(extended, 'token-2022')?.amount).toBe(1n);
    extended[165] = 1; // a mint's type byte
    expect(decodeTokenAccount(extended, 'token-2022')).toBeNull();
  });

  it('reads a mint’s decimals only from an initialised mint', () => {
    const mint = new Uint8Array(82);
    mint[44] = 6;
    expect(decodeMintDecimals(mint, 'token')).toBeNull();
    mint[45] = 1;
    expect(decodeMintDecimals(mint, 'token')).toBe(6);
    const extended = new Uint8Array(200);
    extended.set(mint);
    expect(decodeMintDecimals(extended, 'token-2022')).toBeNull();
    extended[165] = 1;
    expect(decodeMintDecimals(extended, 'token-2022')).toBe(6);
  });
});
