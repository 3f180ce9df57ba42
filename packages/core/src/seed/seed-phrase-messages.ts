// The seed phrase's sentences (spec 1 §6), apart from the parser so that core's error message
// table can name them without importing the code that throws its errors.
export const SEED_PHRASE_MESSAGES = Object.freeze({
  empty: 'Enter a seed phrase to continue.',
  invalid: 'Seed phrase appears invalid. Check for typos or extra spaces.',
  noAccounts: 'No accounts could be derived',
  contextMissing: 'Derivation context missing. Preview the seed again',
  fingerprint: 'Unable to determine seed fingerprint',
  deriveFailed: 'Failed to derive wallets for this seed phrase',
});
