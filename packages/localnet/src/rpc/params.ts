// Validation of positional JSON-RPC params, worded like the serde errors Agave returns
// ("Invalid params: invalid type: integer `5`, expected a string.").

import { Base58Error, decodeBase58 } from '../codec/base58.js';
import { invalidParam, invalidParams, minContextSlotNotReached } from './rpc-error.js';

export type Params = readonly unknown[];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `string "${value}"`;
  if (typeof value === 'number')
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  if (Array.isArray(value)) return 'sequence';
  return 'map';
}

/** A value as it appears in an error message. */
export function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

export function typeError(value: unknown, expected: string): Error {
  return invalidParams(`Invalid params: invalid type: ${describe(value)}, expected ${expected}.`);
}

export function requireParam(params: Params, index: number, expected: string): unknown {
  const value = params[index];
  if (value === undefined) {
    throw invalidParams(`Invalid params: invalid length ${params.length}, expected ${expected}.`);
  }
  return value;
}

export function stringParam(value: unknown): string {
  if (typeof value !== 'string') throw typeError(value, 'a string');
  return value;
}

/** A base58 public key; Agave answers `Invalid param: WrongSize` or `Invalid param: Invalid`. */
export function pubkeyParam(value: unknown): string {
  return base58Param(value, 32, 44);
}

export function signatureParam(value: unknown): string {
  return base58Param(value, 64, 88);
}

/** Base58 text of exactly `bytes` bytes; longer text is refused before decoding, as Agave does. */
function base58Param(value: unknown, bytes: number, maxLength: number): string {
  const text = stringParam(value);
  if (text.length > maxLength) throw invalidParam('WrongSize');
  let decoded: Uint8Array;
  try {
    decoded = decodeBase58(text);
  } catch (error) {
    if (error instanceof Base58Error) throw invalidParam('Invalid');
    throw error;
  }
  if (decoded.length !== bytes) throw invalidParam('WrongSize');
  return text;
}

export function u64Param(value: unknown): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw typeError(value, 'u64');
  return BigInt(value);
}

export function usizeParam(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw typeError(value, 'usize');
  return value;
}

export function booleanParam(value: unknown): boolean {
  if (typeof value !== 'boolean') throw typeError(value, 'a boolean');
  return value;
}

/** The optional config object; null or absent means "all defaults". */
export function configParam(params: Params, index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw typeError(value, 'struct config');
  return value as Record<string, unknown>;
}

const COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
];

/** Commitment is checked for spelling; the localnet has one state, so every level reads it. */
export function checkCommitment(config: Record<string, unknown>): void {
  const commitment = config['commitment'] ?? config['preflightCommitment'];
  if (commitment === undefined || commitment === null) return;
  if (typeof commitment !== 'string' || !COMMITMENTS.includes(commitment)) {
    throw invalidParams(
      `Invalid params: unknown variant \`${displayValue(commitment)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`,
    );
  }
}

export function checkMinContextSlot(config: Record<string, unknown>, slot: bigint): void {
  const min = config['minContextSlot'];
  if (min === undefined || min === null) return;
  if (u64Param(min) > slot) throw minContextSlotNotReached(slot);
}

export function optionalString(config: Record<string, unknown>, key: string): string | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  return stringParam(value);
}
