// Base58 (Bitcoin alphabet) for addresses, signatures and blockhashes. Hand-written rather than
// kit's codec so that a bad character can be reported the way Agave's `bs58` crate reports it
// (`InvalidCharacter { character: '0', index: 0 }`), which clients match on.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT_OF[ALPHABET.charCodeAt(i)] = i;

export class Base58Error extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'Base58Error';
  }
}

// Addresses repeat constantly (owners, hot wallets), and base58 is quadratic; a bounded cache of
// 32-byte keys in both directions takes it off the hot path of getMultipleAccounts.
const KEY_CACHE_LIMIT = 200_000;
const encodedKeys = new Map<string, string>();
const decodedKeys = new Map<string, Uint8Array>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= KEY_CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

export function encodeBase58(bytes: Uint8Array): string {
  if (bytes.length !== 32) return encodeUncached(bytes);
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, 32).toString('latin1');
  return encodedKeys.get(key) ?? remember(encodedKeys, key, encodeUncached(bytes));
}

/** Decodes base58; the result for a 32-byte key is shared, so callers must not mutate it. */
export function decodeBase58(text: string): Uint8Array {
  if (text.length < 32 || text.length > 44) return decodeUncached(text);
  const cached = decodedKeys.get(text);
  if (cached !== undefined) return cached;
  const bytes = decodeUncached(text);
  return bytes.length === 32 ? remember(decodedKeys, text, bytes) : bytes;
}

// 58^5 fits a limb whose products with 256 stay exact in a double, so the conversion works on
// five base58 digits at a time instead of one.
const LIMB = 58 ** 5;

function encodeUncached(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const limbs: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] ?? 0;
    for (let k = 0; k < limbs.length; k++) {
      const x = (limbs[k] ?? 0) * 256 + carry;
      carry = Math.floor(x / LIMB);
      limbs[k] = x - carry * LIMB;
    }
    while (carry > 0) {
      const next = Math.floor(carry / LIMB);
      limbs.push(carry - next * LIMB);
      carry = next;
    }
  }
  let digits = '';
  for (let k = 0; k < limbs.length; k++) {
    let limb = limbs[k] ?? 0;
    const last = k === limbs.length - 1;
    for (let d = 0; d < 5 && (!last || limb > 0); d++) {
      digits = ALPHABET[limb % 58] + digits;
      limb = Math.floor(limb / 58);
    }
  }
  return '1'.repeat(zeros) + digits;
}

function decodeUncached(text: string): Uint8Array {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  const bytes = new Uint8Array(Math.ceil(((text.length - zeros) * 733) / 1000) + 1);
  let length = 0;
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? (DIGIT_OF[code] ?? -1) : -1;
    if (digit < 0) {
      throw new Base58Error(`InvalidCharacter { character: '${text[i] ?? ''}', index: ${i} }`);
    }
    let carry = digit;
    let j = 0;
    for (let k = bytes.length - 1; (carry !== 0 || j < length) && k >= 0; k--, j++) {
      carry += 58 * (bytes[k] ?? 0);
      bytes[k] = carry & 0xff;
      carry >>= 8;
    }
    length = j;
  }
  let start = bytes.length - length;
  while (start < bytes.length && bytes[start] === 0) start++;
  const out = new Uint8Array(zeros + bytes.length - start);
  out.set(bytes.subarray(start), zeros);
  return out;
}
