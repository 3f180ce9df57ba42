import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address, addressSchema, addressTextSchema, assertIsAddress, isAddress } from './address';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe('Address', () => {
  it('is base58 text that decodes to exactly 32 bytes', () => {
    expect(isAddress(SYSTEM_PROGRAM)).toBe(true);
    expect(isAddress(TOKEN_PROGRAM)).toBe(true);
    expect(isAddress(encodeBase58(new Uint8Array(32).fill(255)))).toBe(true);
  });

  it('refuses other lengths, other alphabets and other byte counts', () => {
    expect(isAddress('x'.repeat(32))).toBe(false); // 24 bytes
    expect(isAddress('MintA111111111111111111111111111111111111')).toBe(false); // 30 bytes
    expect(isAddress('O'.repeat(40))).toBe(false); // O is not base58
    expect(isAddress('1'.repeat(31))).toBe(false);
    expect(isAddress('1'.repeat(45))).toBe(false);
    expect(isAddress(42)).toBe(false);
  });

  it('asserts and constructs with a message that says why', () => {
    expect(address(TOKEN_PROGRAM)).toBe(TOKEN_PROGRAM);
    expect(() => assertIsAddress('O'.repeat(40))).toThrow(
      'Not a Solana address: An address uses only base58 characters',
    );
    expect(() => address('x'.repeat(32))).toThrow('this decodes to 24');
    expect(() => address('short')).toThrow('32 to 44 base58 characters, got 5');
  });

  it('has a strict schema, and the contract keeps its length-only check', () => {
    expect(addressSchema.parse(SYSTEM_PROGRAM)).toBe(SYSTEM_PROGRAM);
    const refused = addressSchema.safeParse('x'.repeat(32));
    expect(refused.error?.issues[0]?.message).toBe('An address is 32 bytes, this decodes to 24');
    // The API contract's check, unchanged by issue 16 (fixtures feed it fake addresses).
    expect(addressTextSchema.safeParse('x'.repeat(32)).success).toBe(true);
    expect(addressTextSchema.safeParse('x'.repeat(31)).success).toBe(false);
    expect(addressTextSchema.safeParse('x'.repeat(45)).success).toBe(false);
  });
});
