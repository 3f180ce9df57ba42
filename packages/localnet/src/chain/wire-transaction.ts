// Reads a transaction in Solana's wire format (legacy or v0) into the parts the RPC reports:
// signatures, header, static keys, blockhash, instructions and lookup-table references.
// Errors carry bincode-like wording because Agave reports them inside "failed to deserialize".

import { encodeBase58 } from '../codec/base58.js';

export interface WireInstruction {
  readonly programIdIndex: number;
  readonly accounts: readonly number[];
  readonly data: Uint8Array;
}

export interface WireLookup {
  readonly accountKey: string;
  readonly writableIndexes: readonly number[];
  readonly readonlyIndexes: readonly number[];
}

export interface WireTransaction {
  readonly bytes: Uint8Array;
  readonly version: 'legacy' | 0;
  readonly signatures: readonly Uint8Array[];
  /** The transaction id: the first signature, base58. */
  readonly signature: string;
  readonly messageBytes: Uint8Array;
  readonly header: {
    readonly numRequiredSignatures: number;
    readonly numReadonlySignedAccounts: number;
    readonly numReadonlyUnsignedAccounts: number;
  };
  readonly staticKeys: readonly string[];
  readonly staticKeyBytes: readonly Uint8Array[];
  readonly recentBlockhash: string;
  readonly instructions: readonly WireInstruction[];
  readonly lookups: readonly WireLookup[];
}

export class WireFormatError extends Error {
  constructor(
    readonly kind: 'deserialize' | 'sanitize' | 'version',
    detail: string,
  ) {
    super(detail);
    this.name = 'WireFormatError';
  }
}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  u8(): number {
    const value = this.bytes[this.offset];
    if (value === undefined)
      throw new WireFormatError('deserialize', 'io error: failed to fill whole buffer');
    this.offset++;
    return value;
  }

  /** Solana's compact-u16 ("shortvec") length prefix. */
  shortU16(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.u8();
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw new WireFormatError('deserialize', 'invalid compact-u16 length');
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) {
      throw new WireFormatError('deserialize', 'io error: failed to fill whole buffer');
    }
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  byteList(): number[] {
    return Array.from(this.take(this.shortU16()));
  }
}

export function parseWireTransaction(bytes: Uint8Array): WireTransaction {
  const reader = new Reader(bytes);
  const signatureCount = reader.shortU16();
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < signatureCount; i++) signatures.push(reader.take(64));
  const messageStart = reader.offset;

  const first = reader.u8();
  let version: 'legacy' | 0 = 'legacy';
  let numRequiredSignatures = first;
  if (first & 0x80) {
    const number = first & 0x7f;
    if (number !== 0) throw new WireFormatError('version', String(number));
    version = 0;
    numRequiredSignatures = reader.u8();
  }
  const numReadonlySignedAccounts = reader.u8();
  const numReadonlyUnsignedAccounts = reader.u8();

  const keyCount = reader.shortU16();
  const staticKeyBytes: Uint8Array[] = [];
  for (let i = 0; i < keyCount; i++) staticKeyBytes.push(reader.take(32));
  const recentBlockhash = encodeBase58(reader.take(32));

  const instructionCount = reader.shortU16();
  const instructions: WireInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = reader.u8();
    const accounts = reader.byteList();
    const data = reader.take(reader.shortU16());
    instructions.push({ programIdIndex, accounts, data });
  }

  const lookups: WireLookup[] = [];
  if (version === 0) {
    const lookupCount = reader.shortU16();
    for (let i = 0; i < lookupCount; i++) {
      const accountKey = encodeBase58(reader.take(32));
      lookups.push({
        accountKey,
        writableIndexes: reader.byteList(),
        readonlyIndexes: reader.byteList(),
      });
    }
  }
  if (reader.offset !== bytes.length) {
    throw new WireFormatError('deserialize', 'trailing bytes after the transaction');
  }

  const transaction: WireTransaction = {
    bytes,
    version,
    signatures,
    signature: signatures[0]
      ? encodeBase58(signatures[0])
      : '1111111111111111111111111111111111111111111111111111111111111111',
    messageBytes: bytes.subarray(messageStart),
    header: { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts },
    staticKeys: staticKeyBytes.map(encodeBase58),
    staticKeyBytes,
    recentBlockhash,
    instructions,
    lookups,
  };
  sanitize(transaction);
  return transaction;
}

/** The structural checks of Agave's `sanitize()`, worded like its `SanitizeError`. */
function sanitize(tx: WireTransaction): void {
  const { header, staticKeys, instructions, lookups } = tx;
  if (tx.signatures.length !== header.numRequiredSignatures) {
    throw new WireFormatError(
      'sanitize',
      'Transaction failed to sanitize accounts offsets correctly',
    );
  }
  if (
    header.numReadonlySignedAccounts >= header.numRequiredSignatures &&
    header.numRequiredSignatures > 0
  ) {
    throw new WireFormatError(
      'sanitize',
      'Transaction failed to sanitize accounts offsets correctly',
    );
  }
  if (header.numRequiredSignatures + header.numReadonlyUnsignedAccounts > staticKeys.length) {
    throw new WireFormatError(
      'sanitize',
      'Transaction failed to sanitize accounts offsets correctly',
    );
  }
  const loaded = lookups.reduce(
    (n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length,
    0,
  );
  const total = staticKeys.length + loaded;
  if (total > 256)
    throw new WireFormatError(
      'sanitize',
      'Transaction failed to sanitize accounts offsets correctly',
    );
  for (const ix of instructions) {
    // A program id can never come from a lookup table, and index 0 is the fee payer.
    if (ix.programIdIndex === 0 || ix.programIdIndex >= staticKeys.length) {
      throw new WireFormatError(
        'sanitize',
        'Transaction failed to sanitize accounts offsets correctly',
      );
    }
    for (const index of ix.accounts) {
      if (index >= total)
        throw new WireFormatError(
          'sanitize',
          'Transaction failed to sanitize accounts offsets correctly',
        );
    }
  }
}

/**
 * Only the static account keys of a serialized transaction: the index rebuilds its address lists
 * from these on restart, without paying for a full parse (the base58 of a 64-byte signature is
 * the costly part of one).
 */
export function readStaticKeys(bytes: Uint8Array): string[] {
  const reader = new Reader(bytes);
  reader.take(64 * reader.shortU16());
  if (reader.u8() & 0x80) reader.u8();
  reader.take(2);
  const count = reader.shortU16();
  const keys: string[] = [];
  for (let i = 0; i < count; i++) keys.push(encodeBase58(reader.take(32)));
  return keys;
}

/** Whether the key at `index` (in the static-then-loaded order) is writable. */
export function isWritableIndex(
  tx: WireTransaction,
  index: number,
  loadedWritableCount: number,
): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } =
    tx.header;
  const staticCount = tx.staticKeys.length;
  if (index < numRequiredSignatures)
    return index < numRequiredSignatures - numReadonlySignedAccounts;
  if (index < staticCount) return index < staticCount - numReadonlyUnsignedAccounts;
  return index - staticCount < loadedWritableCount;
}
