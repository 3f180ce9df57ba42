import { describe, expect, it } from 'vitest';

import { decodeBase58 } from '../codec/base58.js';
import { generateKeypair } from './keypair.js';
import { buildLegacyTransaction, systemTransfer } from './legacy-message.js';
import {
  WireFormatError,
  isWritableIndex,
  parseWireTransaction,
  readStaticKeys,
} from './wire-transaction.js';

const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';

describe('the wire format', () => {
  it('reads a legacy transfer: keys in runtime order, signature first, writability from the header', () => {
    const payer = generateKeypair();
    const to = generateKeypair().address;
    const bytes = buildLegacyTransaction(payer, [systemTransfer(payer.address, to, 5n)], BLOCKHASH);
    const tx = parseWireTransaction(bytes);
    expect(tx.version).toBe('legacy');
    expect(tx.staticKeys).toEqual([payer.address, to, '11111111111111111111111111111111']);
    expect(tx.recentBlockhash).toBe(BLOCKHASH);
    expect(tx.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 1,
    });
    expect([0, 1, 2].map((i) => isWritableIndex(tx, i, 0))).toEqual([true, true, false]);
    expect(readStaticKeys(bytes)).toEqual(tx.staticKeys);
  });

  it('reads a v0 message with a lookup table', () => {
    const payer = generateKeypair();
    const table = generateKeypair().address;
    const message = [
      0x80,
      1,
      0,
      1, // v0, header
      2,
      ...payer.publicKey,
      ...decodeBase58('11111111111111111111111111111111'),
      ...decodeBase58(BLOCKHASH),
      1,
      1,
      2,
      0,
      2,
      12,
      ...new Array<number>(12).fill(0), // one instruction: program 1, accounts [0, 2]
      1,
      ...decodeBase58(table),
      1,
      3,
      1,
      7, // lookup: writable [3], readonly [7]
    ];
    const messageBytes = new Uint8Array(message);
    const bytes = new Uint8Array([1, ...payer.sign(messageBytes), ...messageBytes]);
    const tx = parseWireTransaction(bytes);
    expect(tx.version).toBe(0);
    expect(tx.lookups).toEqual([{ accountKey: table, writableIndexes: [3], readonlyIndexes: [7] }]);
    expect(isWritableIndex(tx, 2, 1)).toBe(true); // the loaded writable key
    expect(isWritableIndex(tx, 3, 1)).toBe(false); // the loaded readonly key
  });

  it('refuses truncated bytes and inconsistent headers with the kind of failure Agave reports', () => {
    const payer = generateKeypair();
    const bytes = buildLegacyTransaction(
      payer,
      [systemTransfer(payer.address, generateKeypair().address, 5n)],
      BLOCKHASH,
    );
    expect(() => parseWireTransaction(bytes.subarray(0, bytes.length - 3))).toThrow(
      expect.objectContaining({ kind: 'deserialize' }) as Error,
    );
    const twoSigners = new Uint8Array(bytes);
    twoSigners[65] = 2; // header claims two signatures; only one is present
    expect(() => parseWireTransaction(twoSigners)).toThrow(WireFormatError);
    const v1 = new Uint8Array(bytes);
    v1[65] = 0x81;
    expect(() => parseWireTransaction(v1)).toThrow(
      expect.objectContaining({ kind: 'version' }) as Error,
    );
  });
});
