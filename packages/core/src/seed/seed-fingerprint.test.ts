import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { isFleetError } from '../errors/fleet-error';
import { seedFingerprint } from './seed-fingerprint';
import { stretchSeedPhrase } from './seed-phrase';

const PHRASE = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
const SALT_A = 'tenant-a-fingerprint-salt-0001';
const SALT_B = 'tenant-b-fingerprint-salt-0002';

describe('seed fingerprint', () => {
  const seed = stretchSeedPhrase(PHRASE);

  it('is 64 hex digits, the same for the same seed and salt', () => {
    const fingerprint = seedFingerprint(seed, SALT_A);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(seedFingerprint(stretchSeedPhrase(` ${PHRASE.toUpperCase()} `), SALT_A)).toBe(
      fingerprint,
    );
    expect(seedFingerprint(seed, new TextEncoder().encode(SALT_A))).toBe(fingerprint);
  });

  it('differs between tenants, and for the same phrase under a passphrase', () => {
    expect(seedFingerprint(seed, SALT_A)).not.toBe(seedFingerprint(seed, SALT_B));
    expect(seedFingerprint(stretchSeedPhrase(PHRASE, 'x'), SALT_A)).not.toBe(
      seedFingerprint(seed, SALT_A),
    );
  });

  it('contains nothing of the seed or the phrase', () => {
    const fingerprint = seedFingerprint(seed, SALT_A);
    const seedHex = bytesToHex(seed);
    for (let start = 0; start + 8 <= seedHex.length; start += 8) {
      expect(fingerprint).not.toContain(seedHex.slice(start, start + 8));
    }
  });

  it('refuses a short salt or a seed that is not 64 bytes with the spec message', () => {
    for (const attempt of [
      () => seedFingerprint(seed, 'short'),
      () => seedFingerprint(seed.slice(0, 32), SALT_A),
    ]) {
      try {
        attempt();
        expect.unreachable();
      } catch (error) {
        expect(isFleetError(error)).toBe(true);
        expect((error as Error).message).toBe('Unable to determine seed fingerprint');
      }
    }
  });
});
