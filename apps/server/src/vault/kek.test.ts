import { createHash, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { isFleetError } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { assertIsKek, generateKekBase64, kekFromBytes, parseKek, parseKeks } from './kek';
import { httpStatusOf } from '../http/error-status';

describe('the key-encryption key', () => {
  it('is parsed from base64 of 32 bytes and named by a SHA-256 prefix', () => {
    const bytes = randomBytes(32);
    const kek = parseKek(bytes.toString('base64'));
    expect(kek.key).toEqual(new Uint8Array(bytes));
    expect(kek.id).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
    expect(kek.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('accepts base64url, missing padding and surrounding whitespace', () => {
    const bytes = randomBytes(32);
    const id = kekFromBytes(bytes).id;
    expect(parseKek(bytes.toString('base64url')).id).toBe(id);
    expect(parseKek(bytes.toString('base64').replace(/=+$/, '')).id).toBe(id);
    expect(parseKek(`  ${bytes.toString('base64')}\n`).id).toBe(id);
  });

  it('refuses a KEK that is empty, not base64, or not 32 bytes, without echoing it', () => {
    const cases: [string, string][] = [
      ['', 'The key-encryption key is empty'],
      ['   ', 'The key-encryption key is empty'],
      ['not base64 at all!', 'is not valid base64'],
      [`${randomBytes(32).toString('base64')}%`, 'is not valid base64'],
      [randomBytes(32).toString('hex'), 'must be 32 bytes, but its base64 decodes to 48'],
      [randomBytes(16).toString('base64'), 'must be 32 bytes, but its base64 decodes to 16'],
      [randomBytes(33).toString('base64'), 'must be 32 bytes, but its base64 decodes to 33'],
    ];
    for (const [input, message] of cases) {
      let caught: unknown;
      try {
        parseKek(input);
      } catch (error) {
        caught = error;
      }
      expect(isFleetError(caught) && caught.code.startsWith('KEK__')).toBe(true);
      expect(isFleetError(caught) && httpStatusOf(caught)).toBe(500);
      const text = caught instanceof Error ? caught.message : '';
      expect(text).toContain(message);
      if (input.trim() !== '') expect(text).not.toContain(input.trim());
    }
    expect(() => kekFromBytes(new Uint8Array(31))).toThrow('must be 32 bytes, not 31');
  });

  it('shows only its id when logged, serialised or spread', () => {
    const bytes = randomBytes(32);
    const kek = kekFromBytes(bytes);
    const forms = [JSON.stringify(kek), inspect(kek, { depth: 5 }), JSON.stringify({ ...kek })];
    for (const text of forms) {
      expect(text).toContain(kek.id);
      expect(text).not.toContain(bytes.toString('base64'));
      expect(text).not.toMatch(/\d+,\s*\d+,\s*\d+/);
    }
  });

  it('keeps its own copy of the key, so zeroing the source leaves it intact', () => {
    const bytes = randomBytes(32);
    const copy = Uint8Array.from(bytes);
    const kek = kekFromBytes(bytes);
    bytes.fill(0);
    expect(kek.key).toEqual(copy);
    expect(Object.isFrozen(kek)).toBe(true);
  });

  it('is generated fresh each time in the form parseKek reads', () => {
    const first = parseKek(generateKekBase64());
    const second = parseKek(generateKekBase64());
    expect(first.id).not.toBe(second.id);
  });

  it('tells a hand-built KEK with a wrong id or length from a real one', () => {
    const kek = kekFromBytes(randomBytes(32));
    expect(() => assertIsKek(kek)).not.toThrow();
    expect(() => assertIsKek({ id: kek.id, key: randomBytes(32) })).toThrow(
      'does not match its id',
    );
    expect(() => assertIsKek({ id: kek.id, key: kek.key.subarray(1) })).toThrow('must be 32 bytes');
  });

  it('parses a comma-separated list of KEKs and names a bad entry by position only', () => {
    const [a, b] = [generateKekBase64(), generateKekBase64()];
    expect(parseKeks(` ${a}, ,${b} `).map((kek) => kek.id)).toEqual([
      parseKek(a).id,
      parseKek(b).id,
    ]);
    expect(parseKeks('')).toEqual([]);
    const bad = randomBytes(16).toString('base64');
    expect(() => parseKeks(`${a},${bad}`)).toThrow(
      'Key-encryption key #2: The key-encryption key must be 32 bytes',
    );
    expect(() => parseKeks(`${a},${bad}`)).not.toThrow(bad);
  });
});
