// Decodes the transaction argument of sendTransaction / simulateTransaction with Agave's limits
// and error texts (`decode_and_deserialize` in Agave's rpc.rs).

import { Base58Error, decodeBase58 } from '../codec/base58.js';
import { Base64Error, decodeBase64 } from '../codec/base64.js';
import {
  WireFormatError,
  parseWireTransaction,
  type WireTransaction,
} from '../chain/wire-transaction.js';
import { invalidParams } from './rpc-error.js';
import { displayValue, stringParam } from './params.js';

const TYPE_NAME = 'solana_transaction::versioned::VersionedTransaction';
const PACKET_DATA_SIZE = 1232;
const MAX_BASE58_SIZE = 1683;
const MAX_BASE64_SIZE = 1644;

export type TransactionEncoding = 'base58' | 'base64';

export function transactionEncodingParam(config: Record<string, unknown>): TransactionEncoding {
  const encoding = config['encoding'];
  if (encoding === undefined || encoding === null || encoding === 'base58') return 'base58';
  if (encoding === 'base64') return 'base64';
  throw invalidParams(
    `unsupported encoding: ${displayValue(encoding)}. Supported encodings: base58, base64`,
  );
}

export function decodeTransactionParam(
  value: unknown,
  encoding: TransactionEncoding,
): WireTransaction {
  const text = stringParam(value);
  let bytes: Uint8Array;
  if (encoding === 'base58') {
    if (text.length > MAX_BASE58_SIZE) {
      throw invalidParams(
        `base58 encoded ${TYPE_NAME} too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE58_SIZE}/${PACKET_DATA_SIZE})`,
      );
    }
    try {
      bytes = decodeBase58(text);
    } catch (error) {
      if (error instanceof Base58Error)
        throw invalidParams(`invalid base58 encoding: ${error.detail}`);
      throw error;
    }
  } else {
    if (text.length > MAX_BASE64_SIZE) {
      throw invalidParams(
        `base64 encoded ${TYPE_NAME} too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE64_SIZE}/${PACKET_DATA_SIZE})`,
      );
    }
    try {
      bytes = decodeBase64(text);
    } catch (error) {
      if (error instanceof Base64Error)
        throw invalidParams(`invalid base64 encoding: ${error.detail}`);
      throw error;
    }
  }
  if (bytes.length > PACKET_DATA_SIZE) {
    throw invalidParams(
      `decoded ${TYPE_NAME} too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    );
  }
  try {
    return parseWireTransaction(bytes);
  } catch (error) {
    if (error instanceof WireFormatError) {
      if (error.kind === 'sanitize') throw invalidParams(`invalid transaction: ${error.message}`);
      if (error.kind === 'version')
        throw invalidParams(
          `failed to deserialize ${TYPE_NAME}: invalid value: integer \`${error.message}\`, expected a valid transaction message version`,
        );
      throw invalidParams(`failed to deserialize ${TYPE_NAME}: ${error.message}`);
    }
    throw error;
  }
}
