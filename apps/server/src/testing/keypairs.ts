import { encodePrivateKeyBase58 } from '@fleet/core';
import { generateWalletKeypair } from '../wallets/generate-keypair';

/**
 * A fresh Solana keypair: the 64-byte secret key in base58 and its address. Made by the server's
 * own generator, which never exports a keygen KeyObject (that can deadlock Node 20; see there).
 */
export function newTestKeypair(): { privateKey: string; address: string; secretKey: Uint8Array } {
  const { address, secretKey } = generateWalletKeypair();
  return { privateKey: encodePrivateKeyBase58(secretKey), address, secretKey };
}
