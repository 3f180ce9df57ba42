// A landed transaction in getTransaction's encodings: `json`, `jsonParsed`, `base64`, `base58`.

import { decodeBase58, encodeBase58 } from '../codec/base58.js';
import { decodeBase64 } from '../codec/base64.js';
import {
  isWritableIndex,
  parseWireTransaction,
  type WireTransaction,
} from '../chain/wire-transaction.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import { parseInstruction } from './instruction-parser.js';
import { displayValue } from './params.js';
import { invalidParams } from './rpc-error.js';

export type TransactionDetailEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

export function transactionDetailEncoding(value: unknown): TransactionDetailEncoding {
  if (value === undefined || value === null) return 'json';
  switch (value) {
    case 'json':
    case 'jsonParsed':
    case 'base64':
    case 'base58':
      return value as TransactionDetailEncoding;
    case 'binary':
      return 'base58';
    default:
      throw invalidParams(
        `Invalid params: unknown variant \`${displayValue(value)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\`.`,
      );
  }
}

/** Whether a stored transaction is versioned (v0), from the first byte of its message. */
export function isVersionedRecord(record: TransactionRecord): boolean {
  const bytes = Buffer.from(record.wire, 'base64');
  const signatures = bytes[0] ?? 0;
  return ((bytes[1 + 64 * signatures] ?? 0) & 0x80) !== 0;
}

export function statusOf(record: TransactionRecord): { Ok: null } | { Err: unknown } {
  return record.err === null ? { Ok: null } : { Err: record.err };
}

export function encodeTransactionRecord(
  record: TransactionRecord,
  encoding: TransactionDetailEncoding,
  includeVersion: boolean,
): Record<string, unknown> {
  const tx = parseWireTransaction(decodeBase64(record.wire));
  const keys = [
    ...tx.staticKeys,
    ...record.loadedAddresses.writable,
    ...record.loadedAddresses.readonly,
  ];
  const parsed = encoding === 'jsonParsed';
  const out: Record<string, unknown> = {
    blockTime: record.blockTime,
    meta: encodeMeta(record, keys, parsed),
    slot: record.slot,
    transaction: encodeTransactionBody(tx, record, keys, encoding),
  };
  if (includeVersion) out['version'] = tx.version;
  return out;
}

function encodeTransactionBody(
  tx: WireTransaction,
  record: TransactionRecord,
  keys: readonly string[],
  encoding: TransactionDetailEncoding,
): unknown {
  switch (encoding) {
    case 'base64':
      return [record.wire, 'base64'];
    case 'base58':
      return [encodeBase58(tx.bytes), 'base58'];
    case 'json':
      return {
        message: {
          accountKeys: tx.staticKeys,
          header: tx.header,
          instructions: tx.instructions.map((ix) => ({
            accounts: ix.accounts,
            data: encodeBase58(ix.data),
            programIdIndex: ix.programIdIndex,
            stackHeight: null,
          })),
          recentBlockhash: tx.recentBlockhash,
          ...lookupsOf(tx),
        },
        signatures: tx.signatures.map(encodeBase58),
      };
    case 'jsonParsed': {
      const staticCount = tx.staticKeys.length;
      return {
        message: {
          accountKeys: keys.map((pubkey, i) => ({
            pubkey,
            signer: i < tx.header.numRequiredSignatures,
            source: i < staticCount ? 'transaction' : 'lookupTable',
            writable: isWritableIndex(tx, i, record.loadedAddresses.writable.length),
          })),
          instructions: tx.instructions.map((ix) =>
            parseInstruction({
              programId: keys[ix.programIdIndex] ?? '',
              accounts: ix.accounts.map((i) => keys[i] ?? ''),
              data: ix.data,
              stackHeight: null,
            }),
          ),
          recentBlockhash: tx.recentBlockhash,
          ...lookupsOf(tx),
        },
        signatures: tx.signatures.map(encodeBase58),
      };
    }
  }
}

function lookupsOf(tx: WireTransaction): Record<string, unknown> {
  if (tx.version === 'legacy') return {};
  return { addressTableLookups: tx.lookups };
}

function encodeMeta(
  record: TransactionRecord,
  keys: readonly string[],
  parsed: boolean,
): Record<string, unknown> {
  const innerInstructions = record.innerInstructions.map((inner) => ({
    index: inner.index,
    instructions: inner.instructions.map((ix) =>
      parsed
        ? parseInstruction({
            programId: keys[ix.programIdIndex] ?? '',
            accounts: ix.accounts.map((i) => keys[i] ?? ''),
            data: decodeBase58(ix.data),
            stackHeight: ix.stackHeight,
          })
        : {
            accounts: ix.accounts,
            data: ix.data,
            programIdIndex: ix.programIdIndex,
            stackHeight: ix.stackHeight,
          },
    ),
  }));
  const meta: Record<string, unknown> = {
    computeUnitsConsumed: record.computeUnitsConsumed,
    err: record.err,
    fee: record.fee,
    innerInstructions,
    logMessages: record.logMessages,
    postBalances: record.postBalances,
    postTokenBalances: record.postTokenBalances,
    preBalances: record.preBalances,
    preTokenBalances: record.preTokenBalances,
    rewards: [],
    status: statusOf(record),
  };
  if (!parsed) meta['loadedAddresses'] = record.loadedAddresses;
  return meta;
}
