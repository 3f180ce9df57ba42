import { describe, expect, it } from 'vitest';

import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import { lamports } from '../primitives/lamports';
import { packTransfersWithTables } from './pack-transfers-with-tables';
import type { TransferItem } from './pack-transfers';

const addresses = (n: number, salt: number): Address[] =>
  Array.from({ length: n }, (_, i) => {
    const bytes = new Uint8Array(32).fill(9);
    bytes[0] = salt;
    bytes[1] = i >> 8;
    bytes[2] = i & 0xff;
    return address(encodeBase58(bytes));
  });
const [MASTER, TABLE_A, TABLE_B] = addresses(3, 200) as [Address, Address, Address];

const transfersTo = (recipients: readonly Address[]): TransferItem[] =>
  recipients.map((to, i) => ({
    itemId: `item-${i}`,
    from: MASTER,
    to,
    lamports: lamports(1_000_000n + BigInt(i)),
  }));

describe('packing transfers through the tenant lookup tables', () => {
  it('puts 54 transfers with the compute budget in a v0 transaction that loads every recipient', () => {
    const fleet = addresses(108, 1);
    const packed = packTransfersWithTables({
      feePayer: MASTER,
      transfers: transfersTo(fleet),
      tables: [{ tableAddress: TABLE_A, addresses: fleet }],
      computeBudget: true,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(packed.value.map((tx) => [tx.version, tx.transfers.length])).toEqual([
      ['v0', 54],
      ['v0', 54],
    ]);
    const [first] = packed.value;
    expect(first?.layout.lookups).toHaveLength(1);
    expect(first?.layout.loadedWritable).toHaveLength(54);
    expect(first?.size).toBeLessThanOrEqual(1232);
  });

  it('groups transfers by the table that holds the recipient, one table a transaction', () => {
    const a = addresses(30, 2);
    const b = addresses(30, 3);
    const loose = addresses(5, 4);
    // Interleaved on purpose: the packer groups them, so no transaction names both tables.
    const recipients = a.flatMap((entry, i) => [entry, b[i] as Address]).concat(loose);
    const packed = packTransfersWithTables({
      feePayer: MASTER,
      transfers: transfersTo(recipients),
      tables: [
        { tableAddress: TABLE_A, addresses: a },
        { tableAddress: TABLE_B, addresses: new Set(b) },
      ],
      computeBudget: false,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(packed.value.map((tx) => [tx.version, tx.transfers.length])).toEqual([
      ['v0', 30],
      ['v0', 30],
      ['legacy', 5],
    ]);
    expect(packed.value[0]?.layout.lookups.map((l) => l.tableAddress)).toEqual([TABLE_A]);
    expect(packed.value[1]?.layout.lookups.map((l) => l.tableAddress)).toEqual([TABLE_B]);
    expect(packed.value[2]?.transfers.map((t) => t.to)).toEqual(loose);
  });

  it('packs by static keys alone when no table is given', () => {
    const packed = packTransfersWithTables({
      feePayer: MASTER,
      transfers: transfersTo(addresses(25, 5)),
      tables: [],
      computeBudget: true,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(packed.value.map((tx) => [tx.version, tx.transfers.length])).toEqual([
      ['legacy', 20],
      ['legacy', 5],
    ]);
  });
});
