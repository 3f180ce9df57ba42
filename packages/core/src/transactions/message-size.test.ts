import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import { COMPUTE_BUDGET_PROGRAM_ADDRESS, computeBudgetShapes } from './compute-budget';
import type { InstructionShape } from './instruction';
import {
  MAX_TX_ACCOUNT_LOCKS,
  PACKET_DATA_SIZE,
  fitsInOneTransaction,
  messageLayout,
} from './message-size';
import { SYSTEM_PROGRAM_ADDRESS, systemTransferShape } from './system-transfer';

function addressOf(n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = 7;
  bytes[1] = n & 0xff;
  bytes[2] = n >> 8;
  return address(encodeBase58(bytes));
}

const master = addressOf(0);
const alice = addressOf(1);
const bob = addressOf(2);
const table = addressOf(999);

describe('The wire size of a message', () => {
  it('is 215 bytes for a legacy transaction with one transfer', () => {
    const layout = messageLayout({
      feePayer: master,
      instructions: [systemTransferShape({ from: master, to: alice })],
      format: 'legacy',
    });
    // signatures: compact 1 + 1 × 64                                 =  65
    // header                                                         =   3
    // account keys: compact 1 + 3 × 32 (master, alice, System)       =  97
    // recent blockhash                                               =  32
    // instructions: compact 1                                        =   1
    // transfer: program index 1 + compact 1 + 2 indices
    //           + data length compact 1 + 12 data bytes              =  17
    //                                                          total = 215
    expect(layout.size).toBe(65 + 3 + 97 + 32 + 1 + 17);
    expect(layout.size).toBe(215);
    expect(layout.staticAccounts).toEqual([master, alice, SYSTEM_PROGRAM_ADDRESS]);
    expect(layout.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 1,
    });
    expect(layout.accountLocks).toBe(3);
    expect(layout.version).toBe('legacy');
  });

  it('adds 52 bytes and one lock for the compute budget: a 32-byte key, then 8 and 12 bytes', () => {
    const transfer = systemTransferShape({ from: master, to: alice });
    const plain = messageLayout({ feePayer: master, instructions: [transfer], format: 'legacy' });
    const budgeted = messageLayout({
      feePayer: master,
      instructions: [...computeBudgetShapes(), transfer],
      format: 'legacy',
    });
    // SetComputeUnitLimit: program index 1 + compact 1 (no accounts) + data length 1 + 5 =  8
    // SetComputeUnitPrice: 1 + 1 + 1 + 9                                                 = 12
    // the Compute Budget program's key                                                    = 32
    expect(budgeted.size - plain.size).toBe(32 + 8 + 12);
    expect(budgeted.accountLocks).toBe(plain.accountLocks + 1);
    expect(budgeted.staticAccounts).toContain(COMPUTE_BUDGET_PROGRAM_ADDRESS);
    expect(budgeted.signers).toEqual([master]);
  });

  it('lists a key used by several instructions once, with the union of its flags', () => {
    const layout = messageLayout({
      feePayer: master,
      instructions: [
        systemTransferShape({ from: master, to: alice }),
        systemTransferShape({ from: alice, to: bob }),
        systemTransferShape({ from: master, to: bob }),
      ],
      format: 'legacy',
    });
    // alice is written to by the first transfer and signs the second: a writable signer.
    expect(layout.signers).toEqual([master, alice]);
    expect(layout.staticAccounts).toEqual([master, alice, bob, SYSTEM_PROGRAM_ADDRESS]);
    // 1 + 2 × 64 + 3 + 1 + 4 × 32 + 32 + 1 + 3 × 17
    expect(layout.size).toBe(129 + 3 + 129 + 32 + 1 + 51);
    expect(layout.accountLocks).toBe(4);
  });

  it('puts readonly signers after writable ones and counts them in the header', () => {
    const readonlySigner: InstructionShape = {
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      accounts: [
        { address: alice, signer: true, writable: false },
        { address: bob, signer: false, writable: false },
      ],
      dataLength: 0,
    };
    const layout = messageLayout({
      feePayer: master,
      instructions: [readonlySigner],
      format: 'legacy',
    });
    expect(layout.staticAccounts).toEqual([master, alice, SYSTEM_PROGRAM_ADDRESS, bob]);
    expect(layout.header).toEqual({
      numRequiredSignatures: 2,
      numReadonlySignedAccounts: 1,
      numReadonlyUnsignedAccounts: 2,
    });
  });

  it('loads a v0 recipient from the table: one index byte instead of a 32-byte key', () => {
    const instructions = [systemTransferShape({ from: master, to: alice })];
    const loaded = messageLayout({
      feePayer: master,
      instructions,
      format: { v0: { tableAddress: table, addresses: new Set([alice]) } },
    });
    // 65 signatures + 1 version prefix + 3 header + (1 + 2 × 32) keys + 32 blockhash + 1 + 17
    // + lookups: compact 1 + (table 32 + compact 1 + 1 writable index + compact 1 readonly) = 36
    expect(loaded.size).toBe(65 + 1 + 3 + 65 + 32 + 1 + 17 + 36);
    expect(loaded.loadedWritable).toEqual([alice]);
    expect(loaded.staticAccounts).toEqual([master, SYSTEM_PROGRAM_ADDRESS]);
    expect(loaded.accountLocks).toBe(3);
    expect(loaded.version).toBe('v0');

    // A table that lends nothing is left out: one empty compact count, no 32-byte table key.
    const notLoaded = messageLayout({
      feePayer: master,
      instructions,
      format: { v0: { tableAddress: table, addresses: new Set([bob]) } },
    });
    expect(notLoaded.size).toBe(215 + 1 + 1);
    expect(notLoaded.loadedWritable).toEqual([]);
  });

  it('keeps signers and called programs static even when the table holds them', () => {
    const layout = messageLayout({
      feePayer: master,
      instructions: [
        systemTransferShape({ from: alice, to: bob }),
        {
          programAddress: SYSTEM_PROGRAM_ADDRESS,
          accounts: [{ address: table, signer: false, writable: false }],
          dataLength: 0,
        },
      ],
      format: {
        v0: {
          tableAddress: table,
          addresses: new Set([master, alice, bob, table, SYSTEM_PROGRAM_ADDRESS]),
        },
      },
    });
    expect(layout.staticAccounts).toEqual([master, alice, SYSTEM_PROGRAM_ADDRESS]);
    expect(layout.loadedWritable).toEqual([bob]);
    expect(layout.loadedReadonly).toEqual([table]);
    expect(layout.accountLocks).toBe(5);
  });

  it('judges a transaction by both limits: 1232 bytes and 64 account locks', () => {
    expect(PACKET_DATA_SIZE).toBe(1232);
    expect(MAX_TX_ACCOUNT_LOCKS).toBe(64);
    const wide = (count: number): InstructionShape => ({
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      accounts: Array.from({ length: count }, (_, index) => ({
        address: addressOf(index + 10),
        signer: false,
        writable: false,
      })),
      dataLength: 0,
    });
    const tableOfAll = {
      tableAddress: table,
      addresses: new Set(Array.from({ length: 100 }, (_, index) => addressOf(index + 10))),
    };
    // master + System + 62 loaded = 64 locks; one more is 65, in a few hundred bytes.
    const at = messageLayout({
      feePayer: master,
      instructions: [wide(62)],
      format: { v0: tableOfAll },
    });
    const over = messageLayout({
      feePayer: master,
      instructions: [wide(63)],
      format: { v0: tableOfAll },
    });
    expect([at.accountLocks, fitsInOneTransaction(at)]).toEqual([64, true]);
    expect([over.accountLocks, fitsInOneTransaction(over)]).toEqual([65, false]);
    expect(over.size).toBeLessThan(PACKET_DATA_SIZE);

    const heavy = (dataLength: number): InstructionShape => ({
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      accounts: [],
      dataLength,
    });
    // 65 + 3 + (1 + 64) + 32 + 1 + (index 1 + compact 1 + data length compact 2 + n) = 170 + n.
    const full = messageLayout({ feePayer: master, instructions: [heavy(1062)], format: 'legacy' });
    const past = messageLayout({ feePayer: master, instructions: [heavy(1063)], format: 'legacy' });
    expect([full.size, fitsInOneTransaction(full)]).toEqual([1232, true]);
    expect([past.size, fitsInOneTransaction(past)]).toEqual([1233, false]);
  });

  it('draws on several tables, each lending at least one account costing its own 34 bytes', () => {
    const first = { tableAddress: table, addresses: new Set([alice]) };
    const second = { tableAddress: addressOf(998), addresses: new Set([alice, bob]) };
    const unused = { tableAddress: addressOf(997), addresses: new Set([master]) };
    const layout = messageLayout({
      feePayer: master,
      instructions: [
        systemTransferShape({ from: master, to: alice }),
        systemTransferShape({ from: master, to: bob }),
      ],
      format: { v0: [first, second, unused] },
    });
    // alice is in both tables and comes from the first; the third lends nothing and is left out.
    expect(layout.lookups).toEqual([
      { tableAddress: table, writable: [alice], readonly: [] },
      { tableAddress: addressOf(998), writable: [bob], readonly: [] },
    ]);
    expect(layout.loadedWritable).toEqual([alice, bob]);
    // 65 + 1 + 3 + (1 + 2 × 32) + 32 + 1 + 2 × 17 + compact 1 + 2 × (32 + 1 + 1 + 1)
    expect(layout.size).toBe(65 + 1 + 3 + 65 + 32 + 1 + 34 + 1 + 2 * 35);
    expect(layout.accountLocks).toBe(4);
  });
});
