import { describe, expect, it } from 'vitest';
import { decodePrivateKey } from '../keys/decode-private-key';
import {
  clampAccountCount,
  createSolanaAccountDeriver,
  deriveSolanaAccounts,
  restoreSeedAccounts,
  solanaDerivationPath,
} from './derive-solana-accounts';
import { stretchSeedPhrase } from './seed-phrase';

// Solana cookbook, "How to Restore a Keypair from a Mnemonic" (BIP44 section): this phrase on
// m/44'/501'/{i}'/0'. The addresses are the example's printed output; jup-ag/cli's e2e test pins
// the first one too.
const COOKBOOK = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
const COOKBOOK_ADDRESSES = [
  '5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N',
  'GcXbfQ5yY3uxCyBNDPBbR5FjumHf89E7YHXuULfGDBBv',
  '7QPgyQwNLqnoSwHEuK8wKy2Y3Ani6EHoZRihTuWkwxbc',
  '5aE8UprEEWtpVskhxo3f8ETco2kVKiZT9SS3D5Lcg8s2',
  '5n6afo6LZmzH1J4R38ZCaNSwaztLjd48nWwToLQkCHxp',
  '2Gr1hWnbaqGXMghicSTHncqV7GVLLddNFJDC7YJoso8M',
  'BNMDY3tCyYbayMzBjZm8RW59unpDWcQRfVmWXCJhLb7D',
  '9CySTpi4iC85gMW6G4BMoYbNBsdyJrfseHoGmViLha63',
  'ApteF7PmUWS8Lzm6tJPkWgrxSFW5LwYGWCUJ2ByAec91',
  '6frdqXQAgJMyKwmZxkLYbdGjnYTvUceh6LNhkQt2siQp',
];

// brave/brave-core components/brave_wallet/browser/hd_key_ed25519_unittest.cc: the Brave wallet's
// Solana accounts for this phrase, with the exported base58 keypair of each.
const BRAVE = 'scare piece awesome elite long drift control cabbage glass dash coral angry';
const BRAVE_ACCOUNTS = [
  {
    publicKey: '8J7fu34oNJSKXcauNQMXRdKAHY7zQ7rEaQng8xtQNpSu',
    privateKey:
      '3WoEqkmeTX4BRTS3KNJCsqy7LktvEwbFSoqwMhC7xNgCG3zhwUptkT6KkJcbTpVJGXRw9pd8CYVxZ8wLt8cUoVZb',
  },
  {
    publicKey: 'D37CnANGLynWiWmkdAETRNe3nLS7f59SbmK9kK8xSjcu',
    privateKey:
      '4pNHX6ATNXad3KZTb2PXTosW5ceaxqx45M9NH9pjcZCH9qoQKx6RMzUjuzm6J9Y2uwjCxJc5JsjL1TrGr1X3nPFP',
  },
  {
    publicKey: 'HEuGsnLvkzHxmmCrFAPJpfSsGvW1zK6bSQykmPRhLxmY',
    privateKey:
      '47rewUeufUCmtmes3uAGAo7AyM3bBYTvJdD1jQs9MGwB4eYn8SAyQUMNc9b5wFRhQyCP9WwmP7JMPAA9U9Q5E8xr',
  },
];

describe('Solana accounts from a seed phrase', () => {
  it("derives the Solana cookbook's ten published addresses on m/44'/501'/{i}'/0'", () => {
    const result = restoreSeedAccounts(COOKBOOK, { count: 10 });
    expect(result.ok && result.value.accounts.map((account) => account.publicKey)).toEqual(
      COOKBOOK_ADDRESSES,
    );
  });

  it("derives the Brave wallet's published addresses and exported secret keys", () => {
    const result = restoreSeedAccounts(BRAVE, { count: 3 });
    expect(
      result.ok &&
        result.value.accounts.map(({ publicKey, privateKey }) => ({ publicKey, privateKey })),
    ).toEqual(BRAVE_ACCOUNTS);
  });

  it('gives each account its index, path, address, base58 secret key and 64 key bytes', () => {
    const [first, second] = deriveSolanaAccounts(stretchSeedPhrase(COOKBOOK), { count: 2 });
    expect(first).toMatchObject({ index: 0, derivationPath: "m/44'/501'/0'/0'" });
    expect(second).toMatchObject({ index: 1, derivationPath: "m/44'/501'/1'/0'" });
    for (const account of [first, second]) {
      const decoded = decodePrivateKey(account?.privateKey ?? '');
      expect(decoded.ok && decoded.value.address).toBe(account?.publicKey);
      expect(decoded.ok && decoded.value.secretKey).toEqual(account?.secretKey);
    }
  });

  it('derives 20 accounts by default, and always indexes 0 to count − 1', () => {
    const accounts = deriveSolanaAccounts(stretchSeedPhrase(COOKBOOK));
    expect(accounts).toHaveLength(20);
    expect(accounts.map((account) => account.index)).toEqual([...Array(20).keys()]);
    expect(accounts.slice(0, 10).map((account) => account.publicKey)).toEqual(COOKBOOK_ADDRESSES);
  });

  it('clamps 0 accounts to 1 and 1,000 accounts to 100', () => {
    const seed = stretchSeedPhrase(COOKBOOK);
    expect(deriveSolanaAccounts(seed, { count: 0 })).toHaveLength(1);
    expect(deriveSolanaAccounts(seed, { count: 1000 })).toHaveLength(100);
  });

  it.each([
    [undefined, 20],
    [null, 20],
    [Number.NaN, 20],
    ['', 20],
    ['abc', 20],
    [0, 1],
    [-5, 1],
    [1, 1],
    [7.9, 7],
    ['12', 12],
    [100, 100],
    [100.5, 100],
    [1000, 100],
    [Number.POSITIVE_INFINITY, 100],
  ])('clampAccountCount(%j) is %i', (requested, expected) => {
    expect(clampAccountCount(requested)).toBe(expected);
  });

  it('derives different accounts under a passphrase', () => {
    const plain = restoreSeedAccounts(COOKBOOK, { count: 3 });
    const withPassphrase = restoreSeedAccounts(COOKBOOK, { count: 3, passphrase: 'fleet' });
    const addresses = (result: typeof plain) =>
      result.ok ? result.value.accounts.map((account) => account.publicKey) : [];
    expect(addresses(withPassphrase)).toHaveLength(3);
    for (const address of addresses(withPassphrase)) {
      expect(addresses(plain)).not.toContain(address);
    }
    expect(restoreSeedAccounts(COOKBOOK, { count: 3, passphrase: '' })).toEqual(plain);
  });

  it("answers the spec's messages for an empty or invalid phrase", () => {
    expect(restoreSeedAccounts('  ')).toEqual({
      ok: false,
      problem: 'empty',
      message: 'Enter a seed phrase to continue.',
    });
    expect(restoreSeedAccounts(COOKBOOK.replace('grass', 'grasp'))).toEqual({
      ok: false,
      problem: 'invalid',
      message: 'Seed phrase appears invalid. Check for typos or extra spaces.',
    });
  });

  it('derives any index with a deriver, beyond the preview limit, and uses the given ed25519', () => {
    const seed = stretchSeedPhrase(COOKBOOK);
    const derive = createSolanaAccountDeriver(seed);
    expect(derive(9).publicKey).toBe(COOKBOOK_ADDRESSES[9]);
    expect(derive(500).derivationPath).toBe(solanaDerivationPath(500));
    const calls: number[] = [];
    const counting = createSolanaAccountDeriver(seed, (key) => {
      calls.push(key.length);
      return createSolanaAccountDeriver(seed)(0).secretKey.slice(32);
    });
    expect(counting(0).publicKey).toBe(COOKBOOK_ADDRESSES[0]);
    expect(calls).toEqual([32]);
  });
});
