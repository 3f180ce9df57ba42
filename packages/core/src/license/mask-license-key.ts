/**
 * A licence key is a credential: anyone holding it can join its tenant (within its activations).
 * Outside the admin console, which issues keys, it is only ever shown masked. `FLEET-` is a
 * product prefix, not a secret; of the groups after it, the first and the last stay (enough for an
 * operator to recognise their key and tell two apart: 50 of its 100 random bits) and every group
 * between them is replaced, length for length, by `•`.
 */
export const LICENSE_KEY_MASK_CHARACTER = '•';

const PRODUCT_PREFIX = 'FLEET';

export function maskLicenseKey(key: string): string {
  const text = key.trim();
  const parts = text.split('-');
  const prefix = parts[0] === PRODUCT_PREFIX ? [PRODUCT_PREFIX] : [];
  const groups = parts.slice(prefix.length);
  if (groups.length >= 3 && groups.every((group) => group.length > 0)) {
    const middle = groups.slice(1, -1).map((group) => hidden(group.length));
    return [...prefix, groups[0], ...middle, groups.at(-1)].join('-');
  }
  // Not in the issued shape (a key made elsewhere): a quarter at each end when it is long enough
  // for half to stay hidden, otherwise nothing at all.
  if (text.length >= 16) {
    const shown = Math.floor(text.length / 4);
    return `${text.slice(0, shown)}${hidden(text.length - 2 * shown)}${text.slice(-shown)}`;
  }
  return hidden(text.length);
}

function hidden(length: number): string {
  return LICENSE_KEY_MASK_CHARACTER.repeat(length);
}
