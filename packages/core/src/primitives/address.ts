import { z } from 'zod';
import { decodeBase58, isBase58 } from '../keys/base58';

/** A Solana account address: base58 text of exactly 32 bytes (an ed25519 public key or a PDA). */
export type Address = string & z.$brand<'Address'>;

const ADDRESS_BYTES = 32;

function addressProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `Expected an address as text, got ${typeof value}`;
  // 32 bytes are 32 to 44 base58 characters; the bound also keeps a huge string from being decoded.
  if (value.length < 32 || value.length > 44) {
    return `An address is 32 to 44 base58 characters, got ${value.length}`;
  }
  if (!isBase58(value)) return 'An address uses only base58 characters';
  const bytes = decodeBase58(value).length;
  return bytes === ADDRESS_BYTES ? undefined : `An address is 32 bytes, this decodes to ${bytes}`;
}

export function isAddress(value: unknown): value is Address {
  return addressProblem(value) === undefined;
}

export function assertIsAddress(value: unknown): asserts value is Address {
  const problem = addressProblem(value);
  if (problem !== undefined) throw new TypeError(`Not a Solana address: ${problem}`);
}

/** An `Address` from text, or a thrown error that says why it is not one. */
export function address(value: string): Address {
  assertIsAddress(value);
  return value;
}

/** The strict check, for addresses a person or another system hands Fleet. */
export const addressSchema = z.custom<Address>(isAddress, {
  error: (issue) => addressProblem(issue.input) ?? 'Not a Solana address',
});

/**
 * The API contract's historical check: 32 to 44 characters, nothing more. Request and response
 * schemas keep it because tests, fixtures and test doubles feed shortened fake addresses
 * (`'A'.repeat(44)`, `MintA111…`) through them and issue 16 changes no behaviour; its output is a
 * plain string so server-built replies need no brand. Tightening an edge to `addressSchema` is a
 * behaviour change to make on purpose, with its tests.
 */
export const addressTextSchema = z.string().min(32).max(44);
