import { encodeBase58 } from '../keys/base58';
import { ed25519PublicKeyOf, type Ed25519PublicKeyOf } from '../keys/ed25519-public-key';
import type { BatchEd25519PublicKeys } from '../keys/webcrypto-ed25519';
import {
  DEFAULT_DERIVATION_SCHEME,
  derivationPathOf,
  schemeAccountLimit,
  type DerivationScheme,
} from './derivation-scheme';
import {
  slip10Ed25519HardenedChild,
  slip10Ed25519MasterNode,
  type Slip10Node,
} from './slip10-ed25519';
import {
  SEED_PHRASE_MESSAGES,
  stretchSeedPhrase,
  stretchSeedPhraseAsync,
  validateSeedPhrase,
} from './seed-phrase';

/**
 * Solana accounts from a BIP39 seed under one of the `DERIVATION_SCHEMES` (Phantom's
 * m/44'/501'/{i}'/0' by default). For the SLIP-0010 schemes the m/44'/501' node is derived once per
 * seed, so each account costs one or two HMAC-SHA512 steps and one ed25519 public key.
 */
/** The default scheme's id (Phantom's m/44'/501'/{i}'/0'), under the name callers knew it by. */
export const SOLANA_DERIVATION_SCHEME: DerivationScheme = DEFAULT_DERIVATION_SCHEME;
export const MIN_ACCOUNT_COUNT = 1;
export const MAX_ACCOUNT_COUNT = 100;
export const DEFAULT_ACCOUNT_COUNT = 20;

export interface DerivedAccount {
  readonly index: number;
  readonly derivationPath: string;
  /** The address (base58 ed25519 public key). */
  readonly publicKey: string;
  /** The 64-byte secret key (seed ‖ public key) in base58, as wallets export it. */
  readonly privateKey: string;
  readonly secretKey: Uint8Array;
}

export interface DeriveAccountsOptions {
  /** Accounts to derive; floored and clamped to 1–100 (default 20). Validate typed input first. */
  readonly count?: number | string | null;
  /** The first account index (default 0); the range must exist under the scheme. */
  readonly start?: number;
  readonly scheme?: DerivationScheme;
  readonly publicKeyOf?: Ed25519PublicKeyOf;
}

/** Spec 1 §5: 1 to 100, floored and clamped; anything that is not a number means 20. */
export function clampAccountCount(requested?: number | string | null): number {
  const value =
    typeof requested === 'string' && requested.trim() !== '' ? Number(requested) : requested;
  if (typeof value !== 'number' || Number.isNaN(value)) return DEFAULT_ACCOUNT_COUNT;
  return Math.min(MAX_ACCOUNT_COUNT, Math.max(MIN_ACCOUNT_COUNT, Math.floor(value)));
}

/** The default scheme's path for `index`. */
export function solanaDerivationPath(index: number): string {
  return derivationPathOf(DEFAULT_DERIVATION_SCHEME, index);
}

/**
 * A function deriving account `index` (any index the scheme has, no clamp) of one seed; the shared
 * part of the path is derived once. For previews and imports use `deriveSolanaAccounts`.
 */
export function createSolanaAccountDeriver(
  seed: Uint8Array,
  publicKeyOf: Ed25519PublicKeyOf = ed25519PublicKeyOf,
  scheme: DerivationScheme = DEFAULT_DERIVATION_SCHEME,
): (index: number) => DerivedAccount {
  const accountSeedOf = accountSeeder(seed, scheme);
  return (index) => {
    const accountSeed = accountSeedOf(index);
    return derivedAccount(scheme, index, accountSeed, publicKeyOf(accountSeed));
  };
}

/** The 32-byte ed25519 seed of each account index under `scheme`. */
function accountSeeder(seed: Uint8Array, scheme: DerivationScheme): (index: number) => Uint8Array {
  switch (scheme) {
    case 'bip44-change': {
      const coinNode = coinNodeOf(seed);
      return (index) =>
        slip10Ed25519HardenedChild(slip10Ed25519HardenedChild(coinNode, index), 0).privateKey;
    }
    case 'bip44': {
      const coinNode = coinNodeOf(seed);
      return (index) => slip10Ed25519HardenedChild(coinNode, index).privateKey;
    }
    case 'root': {
      // solana-sdk's keypair_from_seed: the secret key is the seed's first 32 bytes, as they are.
      if (seed.length < 32) throw new RangeError('A root key needs a seed of at least 32 bytes');
      return (index) => {
        if (index !== 0) throw new RangeError('The root key is a single account (index 0)');
        return seed.slice(0, 32);
      };
    }
    default:
      return unknownScheme(scheme);
  }
}

function coinNodeOf(seed: Uint8Array): Slip10Node {
  return slip10Ed25519HardenedChild(
    slip10Ed25519HardenedChild(slip10Ed25519MasterNode(seed), 44),
    501,
  );
}

function unknownScheme(scheme: never): never {
  throw new Error(`Unknown derivation scheme ${JSON.stringify(scheme)}`);
}

/** The indexes `start`…`start + count − 1`, refused when the scheme has no such accounts. */
function accountIndexes(options: {
  readonly count?: number | string | null;
  readonly start?: number;
  readonly scheme?: DerivationScheme;
}): number[] {
  const scheme = options.scheme ?? DEFAULT_DERIVATION_SCHEME;
  const start = options.start ?? 0;
  const count = Math.min(clampAccountCount(options.count), schemeAccountLimit(scheme));
  if (!Number.isInteger(start) || start < 0 || start + count > schemeAccountLimit(scheme)) {
    throw new RangeError(`Accounts ${start} to ${start + count - 1} do not exist under ${scheme}`);
  }
  return Array.from({ length: count }, (_, offset) => start + offset);
}

function derivedAccount(
  scheme: DerivationScheme,
  index: number,
  seed: Uint8Array,
  publicKey: Uint8Array,
): DerivedAccount {
  const secretKey = new Uint8Array(64);
  secretKey.set(seed);
  secretKey.set(publicKey, 32);
  return Object.freeze({
    index,
    derivationPath: derivationPathOf(scheme, index),
    publicKey: encodeBase58(publicKey),
    privateKey: encodeBase58(secretKey),
    secretKey,
  });
}

export interface DeriveAccountsAsyncOptions {
  readonly count?: number | string | null;
  readonly start?: number;
  readonly scheme?: DerivationScheme;
  /** Batch public keys (WebCrypto); absent or unsupported means the pure-JavaScript curve. */
  readonly publicKeysOf?: BatchEd25519PublicKeys;
}

/**
 * `deriveSolanaAccounts` with the public keys computed in one native batch (WebCrypto Ed25519),
 * several times faster than the pure-JavaScript curve in a browser. The batch's first key is checked
 * against the audited pure-JavaScript implementation: if they ever disagree the derivation throws
 * rather than show addresses that might not be the operator's.
 */
export async function deriveSolanaAccountsAsync(
  seed: Uint8Array,
  options: DeriveAccountsAsyncOptions = {},
): Promise<readonly DerivedAccount[]> {
  const scheme = options.scheme ?? DEFAULT_DERIVATION_SCHEME;
  const indexes = accountIndexes(options);
  const accountSeedOf = accountSeeder(seed, scheme);
  const seeds = indexes.map((index) => accountSeedOf(index));
  const publicKeys = options.publicKeysOf
    ? await options.publicKeysOf(seeds)
    : seeds.map((accountSeed) => ed25519PublicKeyOf(accountSeed));
  const first = seeds[0];
  if (options.publicKeysOf && first && !sameBytes(publicKeys[0], ed25519PublicKeyOf(first))) {
    throw new Error('The platform ed25519 disagrees with the reference implementation');
  }
  return Object.freeze(
    indexes.map((index, position) => {
      const publicKey = publicKeys[position];
      const accountSeed = seeds[position];
      if (!publicKey || !accountSeed) throw new Error('A public key is missing from the batch');
      return derivedAccount(scheme, index, accountSeed, publicKey);
    }),
  );
}

function sameBytes(left: Uint8Array | undefined, right: Uint8Array): boolean {
  return left?.length === right.length && left.every((byte, index) => byte === right[index]);
}

/**
 * Accounts start to start + count − 1 of a 64-byte BIP39 seed under the scheme (count clamped as
 * `clampAccountCount`, and to the root scheme's single account).
 */
export function deriveSolanaAccounts(
  seed: Uint8Array,
  options: DeriveAccountsOptions = {},
): readonly DerivedAccount[] {
  const derive = createSolanaAccountDeriver(seed, options.publicKeyOf, options.scheme);
  return Object.freeze(accountIndexes(options).map((index) => derive(index)));
}

export interface RestoreSeedAccountsOptions extends DeriveAccountsOptions {
  readonly passphrase?: string;
}

export type RestoreSeedAccountsResult =
  | {
      readonly ok: true;
      /** `seed` is secret: use it for `seedFingerprint`, then drop it. */
      readonly value: { readonly seed: Uint8Array; readonly accounts: readonly DerivedAccount[] };
    }
  | { readonly ok: false; readonly problem: 'empty' | 'invalid'; readonly message: string };

/** Validate, stretch once, derive: the whole of a seed-phrase preview. */
export function restoreSeedAccounts(
  phrase: string,
  options: RestoreSeedAccountsOptions = {},
): RestoreSeedAccountsResult {
  const valid = validateSeedPhrase(phrase);
  if (!valid.ok)
    return Object.freeze({ ok: false as const, problem: valid.problem, message: valid.message });
  const seed = stretchSeedPhrase(valid.value, options.passphrase ?? '');
  const accounts = deriveSolanaAccounts(seed, options);
  if (accounts.length === 0) throw new Error(SEED_PHRASE_MESSAGES.noAccounts);
  return Object.freeze({ ok: true as const, value: Object.freeze({ seed, accounts }) });
}

export interface RestoreSeedAccountsAsyncOptions extends DeriveAccountsAsyncOptions {
  readonly passphrase?: string;
}

/** `restoreSeedAccounts` with the stretch and the public keys on WebCrypto where it exists. */
export async function restoreSeedAccountsAsync(
  phrase: string,
  options: RestoreSeedAccountsAsyncOptions = {},
): Promise<RestoreSeedAccountsResult> {
  const valid = validateSeedPhrase(phrase);
  if (!valid.ok)
    return Object.freeze({ ok: false as const, problem: valid.problem, message: valid.message });
  const seed = await stretchSeedPhraseAsync(valid.value, options.passphrase ?? '');
  const accounts = await deriveSolanaAccountsAsync(seed, options);
  if (accounts.length === 0) throw new Error(SEED_PHRASE_MESSAGES.noAccounts);
  return Object.freeze({ ok: true as const, value: Object.freeze({ seed, accounts }) });
}
