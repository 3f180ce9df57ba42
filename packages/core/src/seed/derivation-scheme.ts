import { HARDENED_OFFSET } from './slip10-ed25519';

/**
 * How a wallet turns a BIP39 seed into Solana accounts. Operators arrive with phrases from several
 * wallets, and the same phrase gives unrelated addresses under each scheme, so a seed vault records
 * the one its accounts were derived with.
 *
 * - `bip44-change`: SLIP-0010 on m/44'/501'/{i}'/0' — Phantom, Sollet's "bip44Change",
 *   `solana-keygen` with `prompt://?key={i}/0`. Fleet's default.
 * - `bip44`: SLIP-0010 on m/44'/501'/{i}' — Ledger Live, Solflare's "m/44'/501'/0'" accounts, Trust
 *   Wallet, `solana-keygen` with `prompt://?key={i}`.
 * - `root`: no derivation — the ed25519 seed is the first 32 bytes of the 64-byte BIP39 seed, as
 *   `solana-keygen new` without `--derivation-path`, `solana-keygen recover`/`ASK` and web3.js's
 *   `Keypair.fromSeed(seed.slice(0, 32))` (the Solana cookbook's "BIP39 format") make it. One account
 *   per seed. (Sollet's oldest "deprecated" accounts, m/501'/{i}'/0/{j} on secp256k1 BIP32, are a
 *   different thing and not offered.)
 */
export const DERIVATION_SCHEMES = ['bip44-change', 'bip44', 'root'] as const;
export type DerivationScheme = (typeof DERIVATION_SCHEMES)[number];

export const DEFAULT_DERIVATION_SCHEME: DerivationScheme = 'bip44-change';

/** What the operator picks from: the wallets that show these addresses, then the rule. */
export const DERIVATION_SCHEME_LABELS: Readonly<Record<DerivationScheme, string>> = Object.freeze({
  'bip44-change': "Phantom, Sollet — m/44'/501'/{i}'/0'",
  bip44: "Solflare, Ledger Live, Trust Wallet — m/44'/501'/{i}'",
  root: 'Root key — solana-keygen without a path (one account)',
});

/** The path recorded for the root scheme's single account: there is no SLIP-0010 path to show. */
export const ROOT_DERIVATION_PATH = 'root';

export const MAX_ACCOUNT_INDEX = HARDENED_OFFSET - 1;

export function isDerivationScheme(value: unknown): value is DerivationScheme {
  return typeof value === 'string' && (DERIVATION_SCHEMES as readonly string[]).includes(value);
}

/** How many accounts the scheme has: the root key is one account, the others 2^31. */
export function schemeAccountLimit(scheme: DerivationScheme): number {
  return scheme === 'root' ? 1 : HARDENED_OFFSET;
}

export function derivationPathOf(scheme: DerivationScheme, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= schemeAccountLimit(scheme)) {
    throw new RangeError(`Account ${index} does not exist under the ${scheme} scheme`);
  }
  switch (scheme) {
    case 'bip44-change':
      return `m/44'/501'/${index}'/0'`;
    case 'bip44':
      return `m/44'/501'/${index}'`;
    case 'root':
      return ROOT_DERIVATION_PATH;
    default:
      return exhaustive(scheme);
  }
}

/**
 * The account index a recorded path stands for under `scheme`, or null when the path is not one
 * the scheme gives (another scheme's path, a non-canonical spelling, an index out of range).
 */
export function accountIndexOfPath(scheme: DerivationScheme, path: string): number | null {
  const pattern = {
    'bip44-change': /^m\/44'\/501'\/(\d{1,10})'\/0'$/,
    bip44: /^m\/44'\/501'\/(\d{1,10})'$/,
    root: /^root$/,
  }[scheme];
  const match = pattern.exec(path);
  if (!match) return null;
  const index = match[1] === undefined ? 0 : Number(match[1]);
  if (index >= schemeAccountLimit(scheme)) return null;
  return derivationPathOf(scheme, index) === path ? index : null;
}

function exhaustive(value: never): never {
  throw new Error(`Unknown derivation scheme ${JSON.stringify(value)}`);
}
