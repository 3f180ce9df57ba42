import { mnemonicToSeedSync, mnemonicToSeedWebcrypto, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { FleetError } from '../errors/fleet-error';
import { normalizeKeyText } from '../keys/normalize-key-text';
import { SEED_PHRASE_MESSAGES } from './seed-phrase-messages';

export { SEED_PHRASE_MESSAGES };

/**
 * BIP39 seed phrases (spec 1 §5 "Seed phrase"): the phrase is trimmed, lowercased and its spaces
 * collapsed, then checked against the English wordlist, the allowed lengths (12, 15, 18, 21 or 24
 * words) and the checksum. The optional passphrase (the "25th word") is used exactly as typed:
 * BIP39 passphrases are case- and space-sensitive, and a different passphrase is a different wallet.
 *
 * Neither the phrase nor the seed is ever stored: a seed group keeps only `seedFingerprint`.
 */
export type SeedPhraseProblem = 'empty' | 'invalid';

export type SeedPhraseResult =
  | { readonly ok: true; readonly value: string }
  | {
      readonly ok: false;
      readonly problem: SeedPhraseProblem;
      readonly message: string;
      /** 1-based positions of words not in the wordlist (empty for a length or checksum error). */
      readonly unknownWordPositions: readonly number[];
    };

const WORDS = new Set(wordlist);

/** Trim, lowercase, odd spaces fixed, whitespace (including line breaks) collapsed to one space. */
export function normalizeSeedPhrase(text: string): string {
  return normalizeKeyText(text).toLowerCase().split(/\s+/u).filter(Boolean).join(' ');
}

export function validateSeedPhrase(text: string): SeedPhraseResult {
  const phrase = normalizeSeedPhrase(text);
  if (phrase === '') return seedPhraseFailure('empty', []);
  if (validateMnemonic(phrase, wordlist))
    return Object.freeze({ ok: true as const, value: phrase });
  const unknownWordPositions = phrase
    .split(' ')
    .flatMap((word, index) => (WORDS.has(word) ? [] : [index + 1]));
  return seedPhraseFailure('invalid', unknownWordPositions);
}

/**
 * The one-off "seed stretch": PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase, to a
 * 64-byte seed. Pure JavaScript (about 20 ms); `stretchSeedPhraseAsync` uses WebCrypto and is
 * several times faster where it exists. Both refuse a phrase that does not validate.
 */
export function stretchSeedPhrase(text: string, passphrase = ''): Uint8Array {
  return mnemonicToSeedSync(requireValidPhrase(text), passphrase);
}

export async function stretchSeedPhraseAsync(text: string, passphrase = ''): Promise<Uint8Array> {
  const phrase = requireValidPhrase(text);
  // A page served over plain HTTP from a non-local host has no crypto.subtle: stretch in JS there.
  const platform = (globalThis as { readonly crypto?: { readonly subtle?: unknown } }).crypto;
  return platform?.subtle
    ? mnemonicToSeedWebcrypto(phrase, passphrase)
    : mnemonicToSeedSync(phrase, passphrase);
}

function requireValidPhrase(text: string): string {
  const result = validateSeedPhrase(text);
  if (!result.ok) throw new FleetError('SEED__INVALID_PHRASE', { reason: result.message });
  return result.value;
}

function seedPhraseFailure(
  problem: SeedPhraseProblem,
  unknownWordPositions: readonly number[],
): SeedPhraseResult {
  return Object.freeze({
    ok: false as const,
    problem,
    message: SEED_PHRASE_MESSAGES[problem],
    unknownWordPositions: Object.freeze([...unknownWordPositions]),
  });
}
