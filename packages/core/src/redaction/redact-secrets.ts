/**
 * Log redaction. Anything named like a key, secret, password or token is replaced, and so is any
 * string that looks like a Solana secret key whatever it is called: a leaked key costs an operator
 * real money, a redacted log line costs nothing.
 */
export const REDACTED = '[redacted]';

const SECRET_NAME =
  /(^key$|private.?key|secret|password|passphrase|pass$|token|mnemonic|seed.?phrase|^seed$|authorization|cookie|api.?key|^kek$|credential|signature.?key)/i;

// A 64-byte ed25519 secret key in base58 is 87 or 88 characters; 32-byte seeds are 43 or 44.
// Public addresses are 32–44 characters, so only the longer run is treated as a secret.
const BASE58_SECRET = /[1-9A-HJ-NP-Za-km-z]{86,}/g;
// The same key as a JSON array of 64 small integers.
const JSON_SECRET = /\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}\s*\]/g;
// 64 bytes as hex.
const HEX_SECRET = /\b[0-9a-fA-F]{128}\b/g;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

// Transaction signatures are also 64 bytes of base58 and must stay readable in logs, so fields
// named like a signature are passed through; everywhere else a 64-byte run is treated as a key.
const SIGNATURE_NAME = /^(signature|signatures|tx_?id|txids?|tx_?signature)$/i;

export function redactSecretText(text: string): string {
  return text
    .replace(HEX_SECRET, REDACTED)
    .replace(JSON_SECRET, REDACTED)
    .replace(BASE58_SECRET, REDACTED);
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
    else out[name] = redact(item, depth + 1, seen);
  }
  return out;
}

function isStringOrStrings(value: unknown): boolean {
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
