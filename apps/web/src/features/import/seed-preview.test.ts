import { describe, expect, it } from 'vitest';
import {
  chosenAccounts,
  DEFAULT_SEED_FIELDS,
  deriveSeedDiscovery,
  deriveSeedPreview,
  discoveryRangeOf,
  initialSelection,
  previewRangeOf,
  seedPhraseProblem,
} from './seed-preview';

// Solana cookbook, "How to Restore a Keypair from a Mnemonic" (also pinned in packages/core).
const COOKBOOK = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
const COOKBOOK_ADDRESSES = [
  '5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N',
  'GcXbfQ5yY3uxCyBNDPBbR5FjumHf89E7YHXuULfGDBBv',
  '7QPgyQwNLqnoSwHEuK8wKy2Y3Ani6EHoZRihTuWkwxbc',
  '5aE8UprEEWtpVskhxo3f8ETco2kVKiZT9SS3D5Lcg8s2',
  '5n6afo6LZmzH1J4R38ZCaNSwaztLjd48nWwToLQkCHxp',
];
const SALT = '00112233445566778899aabbccddeeff';
const SECRET = { phrase: COOKBOOK, passphrase: '' };

describe('the seed phrase preview', () => {
  it('asks for a phrase, and refuses one that is not valid', () => {
    expect(seedPhraseProblem('   ')).toBe('Enter a seed phrase to continue.');
    expect(seedPhraseProblem(COOKBOOK.replace('lonely', 'lonley'))).toBe(
      'Seed phrase appears invalid. Check for typos or extra spaces.',
    );
    expect(seedPhraseProblem(`  ${COOKBOOK.toUpperCase()} `)).toBeNull();
  });

  it('says when accounts to derive or the start index are out of range, instead of changing them', () => {
    expect(previewRangeOf(DEFAULT_SEED_FIELDS)).toEqual({
      ok: true,
      value: { scheme: 'bip44-change', start: 0, count: 20 },
    });
    for (const count of ['0', '101', '1000', '2.5', '']) {
      expect(previewRangeOf({ ...DEFAULT_SEED_FIELDS, count })).toEqual({
        ok: false,
        message: 'Accounts to derive must be a whole number from 1 to 100.',
      });
    }
    expect(previewRangeOf({ ...DEFAULT_SEED_FIELDS, start: '-3' })).toEqual({
      ok: false,
      message: 'Start index must be a whole number from 0 to 2147483628.',
    });
    // The root key is one account, whatever the fields say.
    expect(previewRangeOf({ ...DEFAULT_SEED_FIELDS, scheme: 'root', count: '500' })).toEqual({
      ok: true,
      value: { scheme: 'root', start: 0, count: 1 },
    });
    expect(discoveryRangeOf({ ...DEFAULT_SEED_FIELDS, stopAfterEmpty: '0' })).toEqual({
      ok: false,
      message: 'Stop after empty accounts must be a whole number from 1 to 100.',
    });
  });

  it("derives Phantom's addresses on m/44'/501'/{i}'/0' from the start index, and a fingerprint", async () => {
    const result = await deriveSeedPreview(
      SECRET,
      { scheme: 'bip44-change', start: 1, count: 2 },
      SALT,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.accounts.map((account) => [account.index, account.derivationPath])).toEqual(
      [
        [1, "m/44'/501'/1'/0'"],
        [2, "m/44'/501'/2'/0'"],
      ],
    );
    expect(result.value.accounts.map((account) => account.address)).toEqual(
      COOKBOOK_ADDRESSES.slice(1, 3),
    );
    expect(result.value.seedFingerprint).toMatch(/^[0-9a-f]{64}$/);
    const withPassphrase = await deriveSeedPreview(
      { phrase: COOKBOOK, passphrase: 'extra' },
      { scheme: 'bip44-change', start: 0, count: 1 },
      SALT,
    );
    expect(withPassphrase.ok && withPassphrase.value.seedFingerprint).not.toBe(
      result.value.seedFingerprint,
    );
  });

  it('discovers until N accounts in a row are empty, and chooses the used ones', async () => {
    const used = new Set([COOKBOOK_ADDRESSES[0], COOKBOOK_ADDRESSES[2]]);
    const asked: string[][] = [];
    const result = await deriveSeedDiscovery(
      SECRET,
      { scheme: 'bip44-change', start: 0, stopAfterEmpty: 2 },
      SALT,
      (addresses) => {
        asked.push([...addresses]);
        return Promise.resolve(new Map(addresses.map((address) => [address, used.has(address)])));
      },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.accounts.map((account) => account.address)).toEqual(
      COOKBOOK_ADDRESSES.slice(0, 5),
    );
    expect(result.value.discovery).toMatchObject({ stoppedBy: 'empty-run', stopAfterEmpty: 2 });
    expect(asked.flat()).toEqual(COOKBOOK_ADDRESSES.slice(0, 5));
    const chosen = initialSelection(result.value);
    expect([...chosen]).toEqual([COOKBOOK_ADDRESSES[0], COOKBOOK_ADDRESSES[2]]);
    expect(chosenAccounts(result.value, chosen).map((account) => account.index)).toEqual([0, 2]);
  });

  it('cannot fingerprint without a usable salt', async () => {
    expect(
      await deriveSeedPreview(SECRET, { scheme: 'bip44-change', start: 0, count: 1 }, 'short'),
    ).toEqual({
      ok: false,
      message: 'Unable to determine seed fingerprint',
    });
  });
});
