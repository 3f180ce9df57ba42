import { generateWalletKeypair } from '../wallets/generate-keypair';

/** Test-only: a fresh Solana keypair, as the vault receives it from the import code. */
export interface TestWallet {
  readonly address: string;
  readonly secretKey: Uint8Array;
}

/** Made by the server's own generator, which never exports a keygen KeyObject (see there). */
export function createTestWallet(): TestWallet {
  return generateWalletKeypair();
}
