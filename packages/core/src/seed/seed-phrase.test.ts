import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  normalizeSeedPhrase,
  SEED_PHRASE_MESSAGES,
  stretchSeedPhrase,
  stretchSeedPhraseAsync,
  validateSeedPhrase,
} from './seed-phrase';

const COOKBOOK = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
// trezor/python-mnemonic vectors.json, entry 0 (passphrase "TREZOR").
const TREZOR_PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TREZOR_SEED =
  'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04';

describe('seed phrase validation', () => {
  it('trims, lowercases and collapses spaces, tabs, line breaks and odd spaces', () => {
    const messy = `  Neither\u00A0LONELY\tflavor\n argue  grass\u200B remind\r\neye tag avocado spot unusual intact \n`;
    expect(normalizeSeedPhrase(messy)).toBe(COOKBOOK);
    expect(validateSeedPhrase(messy)).toEqual({ ok: true, value: COOKBOOK });
  });

  it.each([[''], ['   '], ['\n\t\u00A0']])('asks for a phrase when given %j', (input) => {
    const result = validateSeedPhrase(input);
    expect(result).toMatchObject({ ok: false, problem: 'empty' });
    expect(!result.ok && result.message).toBe('Enter a seed phrase to continue.');
  });

  it('refuses a phrase with one wrong word and says which position', () => {
    const result = validateSeedPhrase(COOKBOOK.replace('intact', 'intakt'));
    expect(result).toEqual({
      ok: false,
      problem: 'invalid',
      message: 'Seed phrase appears invalid. Check for typos or extra spaces.',
      unknownWordPositions: [12],
    });
  });

  it('refuses a phrase of real words whose checksum is wrong', () => {
    const result = validateSeedPhrase(TREZOR_PHRASE.replace('about', 'abandon'));
    expect(result).toMatchObject({ ok: false, problem: 'invalid', unknownWordPositions: [] });
    expect(!result.ok && result.message).toBe(SEED_PHRASE_MESSAGES.invalid);
  });

  it.each([
    ['eleven words', COOKBOOK.split(' ').slice(0, 11).join(' ')],
    ['thirteen words', `${COOKBOOK} about`],
    [
      'a pasted private key',
      '4NMwxzmYj2uvHuq8xoqhY8RXg63KSVJM1DXkpbmkUY7YQWuoyQgFnnzn6yo3CMnqZasnNPNuAT2TLwQsCaKkUddp',
    ],
  ])('refuses %s as invalid', (_, phrase) => {
    expect(validateSeedPhrase(phrase)).toMatchObject({ ok: false, problem: 'invalid' });
  });

  it('keeps every spec message for the seed flow', () => {
    expect(SEED_PHRASE_MESSAGES).toEqual({
      empty: 'Enter a seed phrase to continue.',
      invalid: 'Seed phrase appears invalid. Check for typos or extra spaces.',
      noAccounts: 'No accounts could be derived',
      contextMissing: 'Derivation context missing. Preview the seed again',
      fingerprint: 'Unable to determine seed fingerprint',
      deriveFailed: 'Failed to derive wallets for this seed phrase',
    });
  });
});

describe('the seed stretch', () => {
  it("matches the BIP39 reference vector with the passphrase 'TREZOR'", () => {
    expect(bytesToHex(stretchSeedPhrase(TREZOR_PHRASE, 'TREZOR'))).toBe(TREZOR_SEED);
  });

  it('gives the same seed through WebCrypto', async () => {
    expect(bytesToHex(await stretchSeedPhraseAsync(TREZOR_PHRASE, 'TREZOR'))).toBe(TREZOR_SEED);
    expect(await stretchSeedPhraseAsync(COOKBOOK)).toEqual(stretchSeedPhrase(COOKBOOK));
  });

  it('normalises the phrase but uses the passphrase exactly as typed', () => {
    expect(stretchSeedPhrase(`  ${TREZOR_PHRASE.toUpperCase()} `, 'TREZOR')).toEqual(
      stretchSeedPhrase(TREZOR_PHRASE, 'TREZOR'),
    );
    expect(stretchSeedPhrase(TREZOR_PHRASE, 'trezor')).not.toEqual(
      stretchSeedPhrase(TREZOR_PHRASE, 'TREZOR'),
    );
    expect(stretchSeedPhrase(TREZOR_PHRASE, 'TREZOR ')).not.toEqual(
      stretchSeedPhrase(TREZOR_PHRASE, 'TREZOR'),
    );
  });

  it('refuses to stretch an invalid phrase', async () => {
    expect(() => stretchSeedPhrase('not a phrase')).toThrow(SEED_PHRASE_MESSAGES.invalid);
    await expect(stretchSeedPhraseAsync('')).rejects.toThrow(SEED_PHRASE_MESSAGES.empty);
  });
});
