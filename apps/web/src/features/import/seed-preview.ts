import {
  clampAccountCount,
  restoreSeedAccountsAsync,
  webCryptoEd25519,
  type BatchEd25519PublicKeys,
  type RestoreSeedAccountsResult,
  seedFingerprint,
  SEED_PHRASE_MESSAGES,
  validateSeedPhrase,
} from '@fleet/core';

/**
 * The Seed Phrase tab's preview, all in the browser (the phrase never leaves it): validate, stretch
 * (WebCrypto PBKDF2), derive (public keys on WebCrypto Ed25519, cross-checked; pure JS where the
 * browser lacks it) accounts 0..count−1 on m/44'/501'/{i}'/0', and fingerprint the seed with the tenant's
 * salt. The seed itself is wiped as soon as the fingerprint is taken; only the derived accounts and
 * the fingerprint are kept, until the import ends or the tab closes.
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
  readonly accounts: readonly SeedAccountRow[];
  readonly seedFingerprint: string;
}

export type SeedPreviewResult =
  | { readonly ok: true; readonly value: SeedPreview }
  | { readonly ok: false; readonly message: string };

export interface SeedPreviewInput {
  readonly phrase: string;
  readonly passphrase: string;
  /** As typed in the field: floored and clamped to 1–100, 20 when not a number. */
  readonly count: string;
}

/** The phrase check alone, so a bad phrase is refused before anything is fetched. */
export function seedPhraseProblem(phrase: string): string | null {
  const result = validateSeedPhrase(phrase);
  return result.ok ? null : result.message;
}

export function accountCountFrom(text: string): number {
  return clampAccountCount(text);
}

/** WebCrypto's Ed25519, probed once per page; undefined means the pure-JavaScript curve. */
let platformEd25519: Promise<BatchEd25519PublicKeys | undefined> | undefined;

export async function deriveSeedPreview(
  input: SeedPreviewInput,
  salt: string,
): Promise<SeedPreviewResult> {
  let restored: RestoreSeedAccountsResult;
  try {
    platformEd25519 ??= webCryptoEd25519();
    const publicKeysOf = await platformEd25519;
    restored = await restoreSeedAccountsAsync(input.phrase, {
      passphrase: input.passphrase,
      count: accountCountFrom(input.count),
      ...(publicKeysOf ? { publicKeysOf } : {}),
    });
  } catch {
    return { ok: false, message: SEED_PHRASE_MESSAGES.deriveFailed };
  }
  if (!restored.ok) return { ok: false, message: restored.message };
  const { seed, accounts } = restored.value;
  try {
    if (accounts.length === 0) return { ok: false, message: SEED_PHRASE_MESSAGES.noAccounts };
    let fingerprint: string;
    try {
      fingerprint = seedFingerprint(seed, salt);
    } catch {
      return { ok: false, message: SEED_PHRASE_MESSAGES.fingerprint };
    }
    return {
      ok: true,
      value: {
        seedFingerprint: fingerprint,
        accounts: accounts.map((account) => ({
          index: account.index,
          derivationPath: account.derivationPath,
          address: account.publicKey,
          privateKey: account.privateKey,
        })),
      },
    };
  } finally {
    seed.fill(0);
    for (const account of accounts) account.secretKey.fill(0);
  }
}
