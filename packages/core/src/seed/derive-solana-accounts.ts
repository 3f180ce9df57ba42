import { encodeBase58 } from '../keys/base58';
import { ed25519PublicKeyOf, type Ed25519PublicKeyOf } from '../keys/ed25519-public-key';
import type { BatchEd25519PublicKeys } from '../keys/webcrypto-ed25519';
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
 * Solana accounts from a BIP39 seed as Phantom ("bip44Change") and Solflare derive them:
 * SLIP-0010 ed25519 on m/44'/501'/{i}'/0', every step hardened. The m/44'/501' node is derived
 * once per seed, so each account costs two HMAC-SHA512 steps and one ed25519 public key.
 */
export const SOLANA_DERIVATION_SCHEME = "m/44'/501'/{i}'/0'";
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
  /** Accounts to derive, from index 0; floored and clamped to 1–100 (default 20). */
  readonly count?: number | string | null;
  readonly publicKeyOf?: Ed25519PublicKeyOf;
}

/** Spec 1 §5: 1 to 100, floored and clamped; anything that is not a number means 20. */
export function clampAccountCount(requested?: number | string | null): number {
  const value =
    typeof requested === 'string' && requested.trim() !== '' ? Number(requested) : requested;
  if (typeof value !== 'number' || Number.isNaN(value)) return DEFAULT_ACCOUNT_COUNT;
  return Math.min(MAX_ACCOUNT_COUNT, Math.max(MIN_ACCOUNT_COUNT, Math.floor(value)));
}

export function solanaDerivationPath(index: number): string {
  return SOLANA_DERIVATION_SCHEME.replace('{i}', String(index));
}

/**
 * A function deriving account `index` (any hardened index, no clamp) of one seed; the shared part
 * of the path is derived once. For previews and imports use `deriveSolanaAccounts`.
 */
export function createSolanaAccountDeriver(
  seed: Uint8Array,
  publicKeyOf: Ed25519PublicKeyOf = ed25519PublicKeyOf,
): (index: number) => DerivedAccount {
  const coinNode = coinNodeOf(seed);
  return (index) => {
    const node = accountNode(coinNode, index);
    return derivedAccount(index, node.privateKey, publicKeyOf(node.privateKey));
  };
}

function coinNodeOf(seed: Uint8Array): Slip10Node {
  return slip10Ed25519HardenedChild(
    slip10Ed25519HardenedChild(slip10Ed25519MasterNode(seed), 44),
    501,
  );
}

function accountNode(coinNode: Slip10Node, index: number): Slip10Node {
  return slip10Ed25519HardenedChild(slip10Ed25519HardenedChild(coinNode, index), 0);
}

function derivedAccount(index: number, seed: Uint8Array, publicKey: Uint8Array): DerivedAccount {
  const secretKey = new Uint8Array(64);
  secretKey.set(seed);
  secretKey.set(publicKey, 32);
  return Object.freeze({
    index,
    derivationPath: solanaDerivationPath(index),
    publicKey: encodeBase58(publicKey),
    privateKey: encodeBase58(secretKey),
    secretKey,
  });
}

export interface DeriveAccountsAsyncOptions {
  readonly count?: number | string | null;
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
  const coinNode = coinNodeOf(seed);
  const nodes = Array.from({ length: clampAccountCount(options.count) }, (_, index) =>
    accountNode(coinNode, index),
  );
  const seeds = nodes.map((node) => node.privateKey);
  const publicKeys = options.publicKeysOf
    ? await options.publicKeysOf(seeds)
    : seeds.map((accountSeed) => ed25519PublicKeyOf(accountSeed));
  const first = seeds[0];
  if (options.publicKeysOf && first && !sameBytes(publicKeys[0], ed25519PublicKeyOf(first))) {
    throw new Error('The platform ed25519 disagrees with the reference implementation');
  }
  return Object.freeze(
    nodes.map((node, index) => {
      const publicKey = publicKeys[index];
      if (!publicKey) throw new Error('A public key is missing from the batch');
      return derivedAccount(index, node.privateKey, publicKey);
    }),
  );
}

function sameBytes(left: Uint8Array | undefined, right: Uint8Array): boolean {
  return left?.length === right.length && left.every((byte, index) => byte === right[index]);
}

/** Accounts 0 to count − 1 of a 64-byte BIP39 seed (count clamped as `clampAccountCount`). */
export function deriveSolanaAccounts(
  seed: Uint8Array,
  options: DeriveAccountsOptions = {},
): readonly DerivedAccount[] {
  const derive = createSolanaAccountDeriver(seed, options.publicKeyOf);
  return Object.freeze(
    Array.from({ length: clampAccountCount(options.count) }, (_, i) => derive(i)),
  );
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
