import { randomBytes } from 'node:crypto';
import { ed25519PublicKeyOf } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { nodePublicKeyOf } from './node-ed25519';

describe('the node:crypto ed25519 public key', () => {
  it('equals core’s default for every seed tried', () => {
    for (let run = 0; run < 200; run++) {
      const seed = new Uint8Array(randomBytes(32));
      expect(nodePublicKeyOf(seed)).toEqual(ed25519PublicKeyOf(seed));
    }
  });

  it('equals core’s default for the all-zero and all-ones seeds', () => {
    for (const seed of [new Uint8Array(32), new Uint8Array(32).fill(255)]) {
      expect(nodePublicKeyOf(seed)).toEqual(ed25519PublicKeyOf(seed));
    }
  });
});
