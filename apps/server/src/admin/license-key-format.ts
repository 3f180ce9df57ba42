import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a key read aloud or retyped is not mistaken.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `FLEET-XXXXX-XXXXX-XXXXX-XXXXX`: 100 random bits. */
export function newLicenseKey(): string {
  const bytes = randomBytes(20);
  const groups: string[] = [];
  for (let group = 0; group < 4; group++) {
    let text = '';
    for (let index = 0; index < 5; index++) text += ALPHABET[(bytes[group * 5 + index] ?? 0) % 32];
    groups.push(text);
  }
  return `FLEET-${groups.join('-')}`;
}
