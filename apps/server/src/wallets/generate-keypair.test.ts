import { decodePrivateKey, encodePrivateKeyBase58 } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { generateWalletKeypair } from './generate-keypair';

describe('server-made wallet keys', () => {
  it('are 64-byte Solana secret keys whose public half is the address', () => {
    const { address, secretKey } = generateWalletKeypair();
    expect(secretKey).toHaveLength(64);
    const decoded = decodePrivateKey(encodePrivateKeyBase58(secretKey));
    expect(decoded.ok && decoded.value.address).toBe(address);
  });

  it('never repeat', () => {
    const addresses = new Set(Array.from({ length: 200 }, () => generateWalletKeypair().address));
    expect(addresses.size).toBe(200);
  });
});
