import { decodeBase58 } from '../keys/base58';

/**
 * Log redaction. Anything named like a key, secret, password or token is replaced, and so is any
 * string that looks like a Solana secret key whatever it is called: a leaked key costs an operator
 * real money, a redacted log line costs nothing.
 */
export const REDACTED = '[redacted]';

const SECRET_NAME =
  /(^key$|private.?key|secret|password|passphrase|pass$|token|mnemonic|seed.?phrase|^seed$|authorization|cookie|api.?key|^kek$|credential|signature.?key)/i;

// A 64-byte ed25519 secret key in base58 is 87 or 88 characters, so any run from 86 on is treated
// as a secret. A run of 44 to 85 is one when it decodes to exactly 32 bytes (a seed: 44 characters
// at most) or 64 (a key with leading zero bytes, which encode as short '1's). Public addresses are
// 32 bytes too: those with 44 characters are redacted in free text, the price of catching seeds;
// fields named like an address keep them (see PUBLIC_ADDRESS_NAME).
const BASE58_RUN = /[1-9A-HJ-NP-Za-km-z]{44,}/g;
const BASE58_ALWAYS_SECRET_LENGTH = 86;
// The same key as a list of 64 small integers: JSON (`[12, 34, …]`), a bare list, or
// percent-encoded in a URL (`%5B12%2C34%2C…%5D`, any case, `%20` or `+` for spaces).
const SPACE = String.raw`(?:\s|%20|\+)*`;
const COMMA = `${SPACE}(?:,|%2[cC])${SPACE}`;
const BYTE_LIST_SECRET = new RegExp(
  String.raw`(?:(?:\[|%5[bB])${SPACE})?(?<!\d|\d\.)(?:\d{1,3}${COMMA}){63}\d{1,3}(?!\d|\.\d)(?:${SPACE}(?:\]|%5[dD]))?`,
  'g',
);
// 64 bytes as hex.
const HEX_SECRET = /\b[0-9a-fA-F]{128}\b/g;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

// Transaction signatures are also 64 bytes of base58 and must stay readable in logs, so fields
// named like a signature are passed through; everywhere else a 64-byte run is treated as a key.
const SIGNATURE_NAME = /^(signature|signatures|tx_?id|txids?|tx_?signature)$/i;
// Fields that say they hold public addresses (`address`, `addresses`, `public_address`,
// `previousAddress`): the audit log records which wallets were revealed or archived, so a 32-byte
// run stays readable there. A 64-byte run is still redacted: no address is that long.
const PUBLIC_ADDRESS_NAME = /address(es)?$/i;

export function redactSecretText(text: string): string {
  return redactText(text, false);
}

function redactText(text: string, keepPublicKeys: boolean): string {
  return text
    .replace(HEX_SECRET, REDACTED)
    .replace(BYTE_LIST_SECRET, REDACTED)
    .replace(BASE58_RUN, (run) => (isBase58Secret(run, keepPublicKeys) ? REDACTED : run));
}

function isBase58Secret(run: string, keepPublicKeys: boolean): boolean {
  if (run.length >= BASE58_ALWAYS_SECRET_LENGTH) return true;
  const bytes = decodeBase58(run).length;
  return bytes === 64 || (bytes === 32 && !keepPublicKeys);
}

const MAX_DEPTH = 8;

/** Returns a redacted copy; the input is never modified. Cycles and deep nesting are cut short. */
export function redactSecrets(value: unknown): unknown {
  return redact(value, 0, new WeakSet());
}

function redact(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactSecretText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[depth]';
  seen.add(value);
  if (Array.isArray(value)) {
    if (looksLikeByteArraySecret(value)) return REDACTED;
    return value.map((item) => redact(item, depth + 1, seen));
  }
  if (value instanceof Uint8Array) return value.length >= 32 ? REDACTED : value;
  if (value instanceof Error) {
    return {
      type: value.name,
      message: redactSecretText(value.message),
      stack: value.stack === undefined ? undefined : redactSecretText(value.stack),
    };
  }
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    // A flag cannot carry a secret: `includePrivateKeys: true` stays readable in the audit log.
    if (isSecretName(name) && item !== undefined && item !== null && typeof item !== 'boolean') {
      out[name] = REDACTED;
    } else if (SIGNATURE_NAME.test(name) && isStringOrStrings(item)) out[name] = item;
    else if (PUBLIC_ADDRESS_NAME.test(name) && isStringOrStrings(item)) {
      out[name] =
        typeof item === 'string'
          ? redactText(item, true)
          : item.map((text) => redactText(text, true));
    } else out[name] = redact(item, depth + 1, seen);
  }
  return out;
}

function isStringOrStrings(value: unknown): value is string | string[] {
  return (
    typeof value === 'string' ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

function looksLikeByteArraySecret(items: readonly unknown[]): boolean {
  return (
    items.length === 64 &&
    items.every(
      (item) => typeof item === 'number' && Number.isInteger(item) && item >= 0 && item <= 255,
    )
  );
}
