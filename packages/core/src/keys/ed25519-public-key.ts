import { ed25519 } from '@noble/curves/ed25519.js';

/**
 * The ed25519 public key of a 32-byte seed (the first half of a Solana secret key). Key parsing
 * and seed derivation take one as an option so that a server can pass a native implementation
 * (node:crypto derives about six times faster than pure JavaScript); the default is the audited
 * pure-JavaScript one, so the same code runs in the browser.
 */
export type Ed25519PublicKeyOf = (seed: Uint8Array) => Uint8Array;

export const ed25519PublicKeyOf: Ed25519PublicKeyOf = (seed) => ed25519.getPublicKey(seed);
