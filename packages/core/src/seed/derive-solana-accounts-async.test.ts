import { describe, expect, it } from 'vitest';
import { webCryptoEd25519, type Ed25519SubtleCrypto } from '../keys/webcrypto-ed25519';
import {
  deriveSolanaAccounts,
  deriveSolanaAccountsAsync,
  restoreSeedAccountsAsync,
} from './derive-solana-accounts';
import { stretchSeedPhrase } from './seed-phrase';

// The Solana cookbook's phrase and its first three addresses on m/44'/501'/{i}'/0' (see
// derive-solana-accounts.test.ts for the source).
const COOKBOOK = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
const COOKBOOK_ADDRESSES = [
  '5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N',
  'GcXbfQ5yY3uxCyBNDPBbR5FjumHf89E7YHXuULfGDBBv',
  '7QPgyQwNLqnoSwHEuK8wKy2Y3Ani6EHoZRihTuWkwxbc',
];

describe('seed derivation on WebCrypto Ed25519', () => {
  it('derives the cookbook addresses with the platform ed25519', async () => {
    const publicKeysOf = await webCryptoEd25519();
    expect(publicKeysOf).toBeDefined();
    const restored = await restoreSeedAccountsAsync(COOKBOOK, { count: 3, ...{ publicKeysOf } });
    expect(restored.ok && restored.value.accounts.map((account) => account.publicKey)).toEqual(
      COOKBOOK_ADDRESSES,
    );
  });

  it('gives the same 100 keypairs as the pure-JavaScript path', async () => {
    const publicKeysOf = await webCryptoEd25519();
    const seed = stretchSeedPhrase(COOKBOOK, 'with a passphrase');
    const reference = deriveSolanaAccounts(seed, { count: 100 });
    const fast = await deriveSolanaAccountsAsync(seed, { count: 100, ...{ publicKeysOf } });
    expect(fast.map((account) => account.privateKey)).toEqual(
      reference.map((account) => account.privateKey),
    );
  });

  it('falls back to the pure-JavaScript curve where the platform has no Ed25519', async () => {
    const refusing: Ed25519SubtleCrypto = {
      importKey: () => Promise.reject(new DOMException('Unsupported', 'NotSupportedError')),
      exportKey: () => Promise.reject(new Error('never reached')),
    };
    expect(await webCryptoEd25519(refusing)).toBeUndefined();
    const seed = stretchSeedPhrase(COOKBOOK);
    const accounts = await deriveSolanaAccountsAsync(seed, { count: 3 });
    expect(accounts.map((account) => account.publicKey)).toEqual(COOKBOOK_ADDRESSES);
  });

  it('refuses to answer when the platform key disagrees with the reference', async () => {
    const wrong = () => Promise.resolve([new Uint8Array(32).fill(7)]);
    await expect(
      deriveSolanaAccountsAsync(stretchSeedPhrase(COOKBOOK), { count: 1, publicKeysOf: wrong }),
    ).rejects.toThrow('disagrees');
  });

  it('refuses a phrase with a wrong word before stretching it', async () => {
    const restored = await restoreSeedAccountsAsync(COOKBOOK.replace('argue', 'argus'));
    expect(restored.ok).toBe(false);
  });
});
