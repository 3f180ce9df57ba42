import {
  DEFAULT_ACCOUNT_COUNT,
  deriveSolanaAccountsAsync,
  discoverSeedAccounts,
  DISCOVERY_DEFAULTS,
  MAX_ACCOUNT_COUNT,
  parseAccountCount,
  parseStartIndex,
  parseStopAfterEmpty,
  restoreSeedAccountsAsync,
  seedFingerprint,
  SEED_PHRASE_MESSAGES,
  stretchSeedPhraseAsync,
  validateSeedPhrase,
  webCryptoEd25519,
  type BatchEd25519PublicKeys,
  type DerivationScheme,
  type DerivedAccount,
  type RestoreSeedAccountsResult,
} from '@fleet/core';

/**
 * The Seed Phrase tab's preview, all in the browser (the phrase never leaves it): validate, stretch
 * (WebCrypto PBKDF2), derive (public keys on WebCrypto Ed25519, cross-checked; pure JS where the
 * browser lacks it) the accounts start..start+count−1 under the chosen scheme, and fingerprint the
 * seed with the tenant's salt. Discovery derives batch by batch and asks the server which addresses
 * were ever used (public addresses only). The seed itself is wiped as soon as the work is done; only
 * the derived accounts and the fingerprint are kept, until the import ends or the tab closes.
 */
/** A seed-phrase problem the operator can fix (the spec's own words), not a failed call. */
export class SeedPreviewError extends Error {
  override readonly name = 'SeedPreviewError';
}

export interface SeedAccountRow {
  readonly index: number;
  readonly derivationPath: string;
  readonly address: string;
  readonly privateKey: string;
}

export interface SeedPreview {
  readonly scheme: DerivationScheme;
  readonly start: number;
  readonly count: number;
  readonly accounts: readonly SeedAccountRow[];
  readonly seedFingerprint: string;
  /** Set by a discovery: which accounts were ever used, and why it stopped. */
  readonly discovery?: {
    readonly used: ReadonlySet<string>;
    readonly stoppedBy: 'empty-run' | 'limit';
    readonly stopAfterEmpty: number;
  };
}

export type SeedPreviewResult =
  | { readonly ok: true; readonly value: SeedPreview }
  | { readonly ok: false; readonly message: string };

/** The fields as typed. */
export interface SeedFields {
  readonly scheme: DerivationScheme;
  readonly count: string;
  readonly start: string;
  readonly stopAfterEmpty: string;
}

export interface SeedRange {
  readonly scheme: DerivationScheme;
  readonly start: number;
  readonly count: number;
}

export const DEFAULT_SEED_FIELDS: SeedFields = Object.freeze({
  scheme: 'bip44-change',
  count: String(DEFAULT_ACCOUNT_COUNT),
  start: '0',
  stopAfterEmpty: String(DISCOVERY_DEFAULTS.stopAfterEmpty),
});

/** The accounts a preview shows, or the message saying which field is out of range. */
export function previewRangeOf(
  fields: SeedFields,
):
  | { readonly ok: true; readonly value: SeedRange }
  | { readonly ok: false; readonly message: string } {
  // The root key is one account: there is nothing to count or page through.
  if (fields.scheme === 'root') return { ok: true, value: { scheme: 'root', start: 0, count: 1 } };
  const count = parseAccountCount(fields.count);
  if (!count.ok) return count;
  const start = parseStartIndex(fields.start, count.value);
  if (!start.ok) return start;
  return { ok: true, value: { scheme: fields.scheme, start: start.value, count: count.value } };
}

export interface DiscoveryRange {
  readonly scheme: DerivationScheme;
  readonly start: number;
  readonly stopAfterEmpty: number;
}

/** Discovery derives up to 100 accounts (one import) from the start index. */
export function discoveryRangeOf(
  fields: SeedFields,
):
  | { readonly ok: true; readonly value: DiscoveryRange }
  | { readonly ok: false; readonly message: string } {
  if (fields.scheme === 'root') {
    return { ok: false, message: 'The root key is a single account: preview it instead.' };
  }
  const start = parseStartIndex(fields.start, MAX_ACCOUNT_COUNT);
  if (!start.ok) return start;
  const stop = parseStopAfterEmpty(fields.stopAfterEmpty, MAX_ACCOUNT_COUNT);
  if (!stop.ok) return stop;
  return {
    ok: true,
    value: { scheme: fields.scheme, start: start.value, stopAfterEmpty: stop.value },
  };
}

/** The phrase check alone, so a bad phrase is refused before anything is fetched. */
export function seedPhraseProblem(phrase: string): string | null {
  const result = validateSeedPhrase(phrase);
  return result.ok ? null : result.message;
}

/** WebCrypto's Ed25519, probed once per page; undefined means the pure-JavaScript curve. */
let platformEd25519: Promise<BatchEd25519PublicKeys | undefined> | undefined;

async function publicKeysOption(): Promise<{ publicKeysOf?: BatchEd25519PublicKeys }> {
  platformEd25519 ??= webCryptoEd25519();
  const publicKeysOf = await platformEd25519;
  return publicKeysOf ? { publicKeysOf } : {};
}

export interface SeedSecret {
  readonly phrase: string;
  readonly passphrase: string;
}

export async function deriveSeedPreview(
  secret: SeedSecret,
  range: SeedRange,
  salt: string,
): Promise<SeedPreviewResult> {
  let restored: RestoreSeedAccountsResult;
  try {
    restored = await restoreSeedAccountsAsync(secret.phrase, {
      passphrase: secret.passphrase,
      scheme: range.scheme,
      start: range.start,
      count: range.count,
      ...(await publicKeysOption()),
    });
  } catch {
    return { ok: false, message: SEED_PHRASE_MESSAGES.deriveFailed };
  }
  if (!restored.ok) return { ok: false, message: restored.message };
  const { seed, accounts } = restored.value;
  try {
    if (accounts.length === 0) return { ok: false, message: SEED_PHRASE_MESSAGES.noAccounts };
    const fingerprint = fingerprintOf(seed, salt);
    if (!fingerprint.ok) return fingerprint;
    return {
      ok: true,
      value: { ...range, seedFingerprint: fingerprint.value, accounts: accounts.map(rowOf) },
    };
  } finally {
    seed.fill(0);
    for (const account of accounts) account.secretKey.fill(0);
  }
}

/**
 * Discovery: stretch once, then derive and ask `used` batch by batch until `stopAfterEmpty`
 * accounts in a row were never used (or 100 accounts). A failed `used` call fails the discovery.
 */
export async function deriveSeedDiscovery(
  secret: SeedSecret,
  range: DiscoveryRange,
  salt: string,
  used: (addresses: readonly string[]) => Promise<ReadonlyMap<string, boolean>>,
): Promise<SeedPreviewResult> {
  const valid = validateSeedPhrase(secret.phrase);
  if (!valid.ok) return { ok: false, message: valid.message };
  let seed: Uint8Array;
  try {
    seed = await stretchSeedPhraseAsync(valid.value, secret.passphrase);
  } catch {
    return { ok: false, message: SEED_PHRASE_MESSAGES.deriveFailed };
  }
  try {
    const fingerprint = fingerprintOf(seed, salt);
    if (!fingerprint.ok) return fingerprint;
    const keys = await publicKeysOption();
    const result = await discoverSeedAccounts(
      {
        derive: async (start, count) => {
          const accounts = await deriveSolanaAccountsAsync(seed, {
            scheme: range.scheme,
            start,
            count,
            ...keys,
          });
          const rows = accounts.map(rowOf);
          for (const account of accounts) account.secretKey.fill(0);
          return rows;
        },
        used,
      },
      { start: range.start, stopAfterEmpty: range.stopAfterEmpty, maxAccounts: MAX_ACCOUNT_COUNT },
    );
    const accounts = result.accounts.map(({ account }) => account);
    return {
      ok: true,
      value: {
        scheme: range.scheme,
        start: range.start,
        count: accounts.length,
        seedFingerprint: fingerprint.value,
        accounts,
        discovery: {
          used: new Set(
            result.accounts.filter((a) => a.used).map(({ account }) => account.address),
          ),
          stoppedBy: result.stoppedBy,
          stopAfterEmpty: range.stopAfterEmpty,
        },
      },
    };
  } finally {
    seed.fill(0);
  }
}

function fingerprintOf(
  seed: Uint8Array,
  salt: string,
):
  { readonly ok: true; readonly value: string } | { readonly ok: false; readonly message: string } {
  try {
    return { ok: true, value: seedFingerprint(seed, salt) };
  } catch {
    return { ok: false, message: SEED_PHRASE_MESSAGES.fingerprint };
  }
}

function rowOf(account: DerivedAccount): SeedAccountRow {
  return {
    index: account.index,
    derivationPath: account.derivationPath,
    address: account.publicKey,
    privateKey: account.privateKey,
  };
}

/** What a new preview starts with chosen: every account, or after a discovery the used ones. */
export function initialSelection(preview: SeedPreview): ReadonlySet<string> {
  const addresses = preview.accounts.map((account) => account.address);
  const used = preview.discovery?.used;
  return new Set(used ? addresses.filter((address) => used.has(address)) : addresses);
}

/** The chosen accounts, in index order. */
export function chosenAccounts(
  preview: SeedPreview,
  selection: ReadonlySet<string>,
): readonly SeedAccountRow[] {
  return preview.accounts.filter((account) => selection.has(account.address));
}
