import { describe, expect, it } from 'vitest';

import { decodeBase58, encodeBase58 as encode } from '../keys/base58';
import { address } from '../primitives/address';
import {
  LOOKUP_TABLE_MAX_ADDRESSES,
  LOOKUP_TABLE_PROGRAM_ADDRESS,
  createLookupTableInstruction,
  extendLookupTableInstruction,
  lookupTableAddress,
  lookupTableDataLength,
  lookupTableRent,
} from './lookup-table';
import { planLookupTableSetup } from './lookup-table-plan';
import { PACKET_DATA_SIZE } from './message-size';
import { SYSTEM_PROGRAM_ADDRESS } from './system-transfer';

const AUTHORITY = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
const OTHER = address('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T');
const addresses = (n: number, salt = 0) =>
  Array.from({ length: n }, (_, i) => {
    const bytes = new Uint8Array(32);
    bytes[0] = salt;
    bytes[1] = i >> 8;
    bytes[2] = i & 0xff;
    bytes[31] = 7;
    return address(encode(bytes));
  });

describe('lookup table instructions', () => {
  it('derives the table address the way the runtime searches it: a bump whose hash is off the curve', () => {
    const first = lookupTableAddress(AUTHORITY, 0n);
    expect(first.bump).toBeLessThanOrEqual(255);
    expect(decodeBase58(first.address)).toHaveLength(32);
    // Another slot or another authority is another table; the same pair is the same table.
    expect(lookupTableAddress(AUTHORITY, 1n).address).not.toBe(first.address);
    expect(lookupTableAddress(OTHER, 0n).address).not.toBe(first.address);
    expect(lookupTableAddress(AUTHORITY, 0n)).toEqual(first);
  });

  it('creates with the variant, the slot and the bump, the table writable and the payer paying', () => {
    const { instruction, tableAddress } = createLookupTableInstruction({
      authority: AUTHORITY,
      payer: OTHER,
      recentSlot: 300n,
    });
    const { bump } = lookupTableAddress(AUTHORITY, 300n);
    expect(tableAddress).toBe(lookupTableAddress(AUTHORITY, 300n).address);
    expect(instruction.programAddress).toBe(LOOKUP_TABLE_PROGRAM_ADDRESS);
    expect([...instruction.data]).toEqual([0, 0, 0, 0, 44, 1, 0, 0, 0, 0, 0, 0, bump]);
    expect(instruction.accounts).toEqual([
      { address: tableAddress, signer: false, writable: true },
      { address: AUTHORITY, signer: true, writable: false },
      { address: OTHER, signer: true, writable: true },
      { address: SYSTEM_PROGRAM_ADDRESS, signer: false, writable: false },
    ]);
  });

  it('extends with the variant, a u64 count and the addresses themselves', () => {
    const entries = addresses(3);
    const instruction = extendLookupTableInstruction({
      table: OTHER,
      authority: AUTHORITY,
      payer: AUTHORITY,
      addresses: entries,
    });
    expect(instruction.data).toHaveLength(12 + 96);
    expect([...instruction.data.slice(0, 12)]).toEqual([2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(instruction.data.slice(44, 76)).toEqual(decodeBase58(entries[1] ?? ''));
    expect(() =>
      extendLookupTableInstruction({
        table: OTHER,
        authority: AUTHORITY,
        payer: AUTHORITY,
        addresses: [],
      }),
    ).toThrow('at least one address');
  });

  it('prices a table by its bytes: 56 of metadata and 32 an address, rent-exempt', () => {
    expect(lookupTableDataLength(0)).toBe(56);
    expect(lookupTableDataLength(256)).toBe(8248);
    expect(lookupTableRent(0)).toBe(1_280_640n);
    expect(lookupTableRent(LOOKUP_TABLE_MAX_ADDRESSES)).toBe(58_296_960n);
    expect(() => lookupTableRent(257)).toThrow('0 to 256 addresses');
  });
});

describe('planning lookup table setup', () => {
  it('fills the tables the tenant has before creating any, and skips what they hold', () => {
    const held = addresses(250, 1);
    const wanted = [...held.slice(0, 10), ...addresses(40, 2)];
    const plan = planLookupTableSetup({
      tables: [{ address: OTHER, addresses: held }],
      wanted,
      authority: AUTHORITY,
      payer: AUTHORITY,
    });
    expect(plan.fills).toEqual([{ table: OTHER, addresses: addresses(40, 2).slice(0, 6) }]);
    expect(plan.newTables).toEqual([{ addresses: addresses(40, 2).slice(6) }]);
    expect(
      plan.transactions.map((tx) => [tx.kind, tx.kind === 'extend' ? tx.addresses.length : 0]),
    ).toEqual([
      ['create', 0],
      ['extend', 6],
      ['extend', 30],
      ['extend', 4],
    ]);
    expect(plan.transactionCount).toBe(4);
    expect(plan.fees).toBe(20_000n);
    expect(plan.rent).toBe(lookupTableRent(256) - lookupTableRent(250) + lookupTableRent(34));
  });

  it('puts as many addresses in an extension as fit 1232 bytes: 30, fewer with the compute budget or a second signer', () => {
    const wanted = addresses(600, 3);
    const plain = planLookupTableSetup({
      tables: [],
      wanted,
      authority: AUTHORITY,
      payer: AUTHORITY,
    });
    expect(plain.addressesPerExtend).toBe(30);
    expect(plain.newTables.map((t) => t.addresses.length)).toEqual([256, 256, 88]);
    // 3 creates; 9 + 9 + 3 extensions.
    expect(plain.transactionCount).toBe(3 + 9 + 9 + 3);
    expect(Math.max(...plain.transactions.map((tx) => tx.size))).toBeLessThanOrEqual(
      PACKET_DATA_SIZE,
    );
    const full = plain.transactions.find(
      (tx) => tx.kind === 'extend' && tx.addresses.length === 30,
    );
    expect(full?.size).toBe(1210);

    const budgeted = planLookupTableSetup({
      tables: [],
      wanted,
      authority: AUTHORITY,
      payer: OTHER,
      computeBudget: { unitLimit: 10_000n, microLamportsPerUnit: 100_000n },
    });
    // 52 bytes of compute budget and 96 of a second signer: 4 addresses fewer.
    expect(budgeted.addressesPerExtend).toBe(26);
    expect(
      planLookupTableSetup({
        tables: [],
        wanted,
        authority: AUTHORITY,
        payer: AUTHORITY,
        computeBudget: { unitLimit: 10_000n, microLamportsPerUnit: 0n },
      }).addressesPerExtend,
    ).toBe(29);
    // Two signatures (authority and payer) and 1,000 lamports of priority fee each.
    expect(budgeted.transactions[0]?.fee).toBe(11_000n);
    expect(budgeted.fees).toBe(11_000n * BigInt(budgeted.transactionCount));
  });

  it('plans nothing when every wanted address is already held', () => {
    const held = addresses(20, 4);
    const plan = planLookupTableSetup({
      tables: [{ address: OTHER, addresses: held }],
      wanted: [...held, ...held],
      authority: AUTHORITY,
      payer: AUTHORITY,
    });
    expect(plan).toMatchObject({
      fills: [],
      newTables: [],
      transactionCount: 0,
      fees: 0n,
      rent: 0n,
    });
  });
});
