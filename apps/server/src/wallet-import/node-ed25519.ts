import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { Ed25519PublicKeyOf } from '@fleet/core';

/**
 * ed25519 public key of a 32-byte seed through node:crypto (OpenSSL): many times faster than the
 * pure-JS default in `@fleet/core`, which matters when 5,000 pasted keys are each checked against
 * their public half. A test pins it to core's default.
 */
export const nodePublicKeyOf: Ed25519PublicKeyOf = (seed) => {
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(seed).toString('base64url'), x: '' },
    format: 'jwk',
  });
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  return new Uint8Array(Buffer.from(x ?? '', 'base64url'));
};
