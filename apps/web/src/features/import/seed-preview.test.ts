import { describe, expect, it } from 'vitest';
import { accountCountFrom, deriveSeedPreview, seedPhraseProblem } from './seed-preview';

// Solana cookbook, "How to Restore a Keypair from a Mnemonic" (also pinned in packages/core).
const COOKBOOK = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
const SALT = '00112233445566778899aabbccddeeff';

describe('the seed phrase preview', () => {
  it('asks for a phrase, and refuses one that is not valid', () => {
    expect(seedPhraseProblem('   ')).toBe('Enter a seed phrase to continue.');
    expect(seedPhraseProblem(COOKBOOK.replace('lonely', 'lonley'))).toBe(
      'Seed phrase appears invalid. Check for typos or extra spaces.',
    );
    expect(seedPhraseProblem(`  ${COOKBOOK.toUpperCase()} `)).toBeNull();
  });

  it('derives 1 to 100 accounts, floored and clamped, 20 by default', () => {
    expect(accountCountFrom('')).toBe(20);
    expect(accountCountFrom('abc')).toBe(20);
    expect(accountCountFrom('0')).toBe(1);
    expect(accountCountFrom('7.9')).toBe(7);
    expect(accountCountFrom('1000')).toBe(100);
  });

  it("derives Phantom's addresses on m/44'/501'/{i}'/0' and a fingerprint of the seed", async () => {
    const result = await deriveSeedPreview(
      { phrase: COOKBOOK, passphrase: '', count: '2.5' },
      SALT,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.accounts.map((account) => [account.index, account.derivationPath])).toEqual(
      [
        [0, "m/44'/501'/0'/0'"],
        [1, "m/44'/501'/1'/0'"],
      ],
    );
    expect(result.value.accounts[0]?.address).toBe('5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N');
    expect(result.value.seedFingerprint).toMatch(/^[0-9a-f]{64}$/);
    const withPassphrase = await deriveSeedPreview(
      { phrase: COOKBOOK, passphrase: 'extra', count: '1' },
      SALT,
    );
    expect(withPassphrase.ok && withPassphrase.value.seedFingerprint).not.toBe(
      result.value.seedFingerprint,
    );
  });

  it('cannot fingerprint without a usable salt', async () => {
    expect(
      await deriveSeedPreview({ phrase: COOKBOOK, passphrase: '', count: '1' }, 'short'),
    ).toEqual({
      ok: false,
      message: 'Unable to determine seed fingerprint',
    });
  });
});
