import { describe, expect, it } from 'vitest';
import { decodePrivateKey } from '../keys/decode-private-key';
import { webCryptoEd25519 } from '../keys/webcrypto-ed25519';
import { DERIVATION_SCHEMES } from './derivation-scheme';
import {
  clampAccountCount,
  createSolanaAccountDeriver,
  deriveSolanaAccounts,
  deriveSolanaAccountsAsync,
  restoreSeedAccounts,
  solanaDerivationPath,
} from './derive-solana-accounts';
import { stretchSeedPhrase } from './seed-phrase';
import { deriveSlip10Ed25519 } from './slip10-ed25519';

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

// trustwallet/wallet-core tests/chains/Solana/TWSolanaAddressTests.cpp (TWSolanaAddress.HDWallet):
// this phrase, no passphrase, at Trust Wallet's Solana path m/44'/501'/0' — the path Ledger Live and
// Solflare's "m/44'/501'/0'" accounts use too.
const TRUST_WALLET =
  'shoot island position soft burden budget tooth cruel issue economy destroy above';
const TRUST_WALLET_ADDRESS = '2bUBiBNZyD29gP1oV6de7nxowMLoDBtopMMTGgMvjG5m';

// Solana cookbook, "How to Restore a Keypair from a Mnemonic" (BIP39 section): this phrase through
// `Keypair.fromSeed(seed.slice(0, 32))`, the key solana-keygen makes without a derivation path.
const COOKBOOK_BIP39 =
  'pill tomorrow foster begin walnut borrow virtual kick shift mutual shoe scatter';
const COOKBOOK_BIP39_ADDRESS = '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG';

describe('Solana accounts under each derivation scheme', () => {
  it("derives Trust Wallet's published address on m/44'/501'/0' (bip44)", () => {
    const result = restoreSeedAccounts(TRUST_WALLET, { scheme: 'bip44', count: 1 });
    expect(result.ok && result.value.accounts[0]).toMatchObject({
      index: 0,
      derivationPath: "m/44'/501'/0'",
      publicKey: TRUST_WALLET_ADDRESS,
    });
  });

  it("derives the cookbook's solana-keygen address from the seed's first 32 bytes (root)", () => {
    const result = restoreSeedAccounts(COOKBOOK_BIP39, { scheme: 'root' });
    expect(result.ok && result.value.accounts).toEqual([
      expect.objectContaining({
        index: 0,
        derivationPath: 'root',
        publicKey: COOKBOOK_BIP39_ADDRESS,
      }),
    ]);
  });

  it("gives bip44 account i the SLIP-0010 key of m/44'/501'/i', unlike the Phantom account i", () => {
    const seed = stretchSeedPhrase(COOKBOOK);
    const bip44 = deriveSolanaAccounts(seed, { scheme: 'bip44', start: 5, count: 3 });
    expect(bip44.map((account) => account.derivationPath)).toEqual([
      "m/44'/501'/5'",
      "m/44'/501'/6'",
      "m/44'/501'/7'",
    ]);
    for (const account of bip44) {
      const node = deriveSlip10Ed25519(seed, account.derivationPath);
      expect(account.secretKey.slice(0, 32)).toEqual(node.privateKey);
      expect(account.publicKey).not.toBe(COOKBOOK_ADDRESSES[account.index]);
    }
  });

  it('starts where asked and gives the same account for the same seed, scheme and index', () => {
    const seed = stretchSeedPhrase(COOKBOOK);
    const page = deriveSolanaAccounts(seed, { start: 7, count: 3 });
    expect(page.map((account) => account.index)).toEqual([7, 8, 9]);
    expect(page.map((account) => account.publicKey)).toEqual(COOKBOOK_ADDRESSES.slice(7, 10));
    const far = deriveSolanaAccounts(seed, { scheme: 'bip44', start: 2_147_483_547, count: 100 });
    expect(far.at(-1)?.derivationPath).toBe("m/44'/501'/2147483646'");
    expect(deriveSolanaAccounts(seed, { scheme: 'bip44', start: 2_147_483_646, count: 1 })).toEqual(
      far.slice(-1),
    );
  });

  it('refuses a range the scheme does not have', () => {
    const seed = stretchSeedPhrase(COOKBOOK);
    expect(() => deriveSolanaAccounts(seed, { start: 2_147_483_600, count: 100 })).toThrow(
      RangeError,
    );
    expect(() => deriveSolanaAccounts(seed, { start: -1, count: 1 })).toThrow(RangeError);
    expect(() => deriveSolanaAccounts(seed, { scheme: 'root', start: 1 })).toThrow(RangeError);
    expect(() => createSolanaAccountDeriver(seed, undefined, 'root')(1)).toThrow(RangeError);
    expect(deriveSolanaAccounts(seed, { scheme: 'root', count: 20 })).toHaveLength(1);
  });

  it('derives the same keys on WebCrypto and in JavaScript for every scheme', async () => {
    const publicKeysOf = await webCryptoEd25519();
    expect(publicKeysOf).toBeDefined();
    const seed = stretchSeedPhrase(TRUST_WALLET, 'a passphrase');
    for (const scheme of DERIVATION_SCHEMES) {
      const options = scheme === 'root' ? { scheme } : { scheme, start: 3, count: 4 };
      const reference = deriveSolanaAccounts(seed, options);
      const fast = await deriveSolanaAccountsAsync(seed, { ...options, ...{ publicKeysOf } });
      expect(fast.map((account) => account.privateKey)).toEqual(
        reference.map((account) => account.privateKey),
      );
    }
  });
});
