import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import { lamports } from '../primitives/lamports';
import type { InstructionShape } from './instruction';
import { PACKET_DATA_SIZE } from './message-size';
import { packInstructions, type PackItem } from './pack-instructions';
import { packTransfers, type TransferItem } from './pack-transfers';
import { SYSTEM_PROGRAM_ADDRESS } from './system-transfer';

function addressOf(n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = 9;
  bytes[1] = n & 0xff;
  bytes[2] = n >> 8;
  return address(encodeBase58(bytes));
}

const master = addressOf(0);
const tableAddress = addressOf(65_000);
const wallets = Array.from({ length: 300 }, (_, index) => addressOf(index + 1));

function distribution(count: number): TransferItem[] {
  return wallets.slice(0, count).map((to, index) => ({
    itemId: `d${index}`,
    from: master,
    to,
    lamports: lamports(BigInt(index + 1) * 1000n),
  }));
}

function withdrawal(count: number): TransferItem[] {
  return wallets.slice(0, count).map((from, index) => ({
    itemId: `w${index}`,
    from,
    to: master,
    lamports: lamports(5000n),
  }));
}

/** How many transfers the first transaction holds when there are more than could ever fit. */
function firstTransactionHolds(
  transfers: TransferItem[],
  version: Parameters<typeof packTransfers>[0]['version'],
  computeBudget: boolean,
): number {
  const packed = packTransfers({ feePayer: master, transfers, version, computeBudget });
  if (!packed.ok) throw new Error(packed.error.message);
  return packed.value[0]?.transfers.length ?? 0;
}

describe('Packing transfers by bytes', () => {
  it('fits 21 master→wallet transfers in a legacy transaction, 20 with the compute budget', () => {
    // 166 bytes of frame + 49 a transfer (a 32-byte key and a 17-byte instruction): 166 + 49 × 21 = 1195.
    expect(firstTransactionHolds(distribution(100), 'legacy', false)).toBe(21);
    // The compute budget adds 52 bytes: 218 + 49 × 20 = 1198, and a 21st would be 1247.
    expect(firstTransactionHolds(distribution(100), 'legacy', true)).toBe(20);
  });

  it('fits 57 in a v0 transaction whose table holds every recipient, 54 with the compute budget', () => {
    const version = { v0: { tableAddress, addresses: wallets.slice(0, 256) } };
    // 202 bytes of frame + 18 a transfer (one index byte and 17 of instruction): 202 + 18 × 57 = 1228.
    expect(firstTransactionHolds(distribution(100), version, false)).toBe(57);
    // 254 + 18 × 54 = 1226.
    expect(firstTransactionHolds(distribution(100), version, true)).toBe(54);
  });

  it('gains nothing from the table on a withdrawal, since every sender signs and signers are static', () => {
    const version = { v0: { tableAddress, addresses: wallets.slice(0, 256) } };
    // Each sender costs a signature, a key and an instruction: 64 + 32 + 17 = 113 bytes.
    expect(firstTransactionHolds(withdrawal(50), 'legacy', false)).toBe(9);
    // 218 + 113 × 9 = 1235: one byte too many for a ninth.
    expect(firstTransactionHolds(withdrawal(50), 'legacy', true)).toBe(8);
    expect(firstTransactionHolds(withdrawal(50), version, false)).toBe(9);
    expect(firstTransactionHolds(withdrawal(50), version, true)).toBe(8);
  });

  it('packs a fleet spread over several tables, paying 34 bytes for each table a transaction uses', () => {
    // 300 wallets in two tables (256 + 44), recipients alternating between them.
    const tables = [
      { tableAddress, addresses: wallets.slice(0, 256) },
      { tableAddress: addressOf(65_001), addresses: wallets.slice(256) },
    ];
    const alternating = wallets
      .slice(256)
      .flatMap((second, index) => [wallets[200 + index] ?? second, second]);
    const transfers = alternating.map((to, index) => ({
      itemId: `s${index}`,
      from: master,
      to,
      lamports: lamports(1n),
    }));
    const packed = packTransfers({
      feePayer: master,
      transfers,
      version: { v0: tables },
      computeBudget: true,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    // 88 recipients, each transaction drawing on both tables: 254 + 34 = 288 bytes of frame,
    // + 18 a transfer, so 52 fit (1224 bytes) where one table would have taken 54.
    expect(packed.value.map((transaction) => transaction.transfers.length)).toEqual([52, 36]);
    expect(packed.value.map((transaction) => transaction.layout.lookups.length)).toEqual([2, 2]);
    expect(packed.value[0]?.size).toBe(288 + 18 * 52);
  });

  it('splits a distribution in order, each transfer once, with the fee payer and senders as signers', () => {
    const transfers = distribution(100);
    const packed = packTransfers({
      feePayer: master,
      transfers,
      version: 'legacy',
      computeBudget: true,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(packed.value.map((transaction) => transaction.transfers.length)).toEqual([
      20, 20, 20, 20, 20,
    ]);
    expect(packed.value.flatMap((transaction) => transaction.transfers)).toEqual(transfers);
    for (const transaction of packed.value) {
      expect(transaction.size).toBeLessThanOrEqual(PACKET_DATA_SIZE);
      expect(transaction.signers).toEqual([master]);
      expect(transaction.signatures).toBe(1);
      expect(transaction.version).toBe('legacy');
      expect(transaction.computeBudget).toBe(true);
      expect(transaction.lamports).toBe(
        transaction.transfers.reduce((sum, transfer) => sum + transfer.lamports, 0n),
      );
    }
    expect(packed.value[0]?.size).toBe(218 + 49 * 20);
    expect(packed.value[0]?.accountLocks).toBe(23);
  });

  it('lists every distinct sender once after the fee payer', () => {
    const [a, b] = wallets;
    if (a === undefined || b === undefined) throw new Error('wallets');
    const packed = packTransfers({
      feePayer: master,
      version: 'legacy',
      computeBudget: false,
      transfers: [
        { itemId: '1', from: a, to: master, lamports: lamports(1n) },
        { itemId: '2', from: b, to: a, lamports: lamports(2n) },
        { itemId: '3', from: a, to: b, lamports: lamports(3n) },
      ],
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(packed.value).toHaveLength(1);
    expect(packed.value[0]?.signers).toEqual([master, a, b]);
    expect(packed.value[0]?.signatures).toBe(3);
  });

  it('plans nothing for no transfers', () => {
    const packed = packTransfers({
      feePayer: master,
      transfers: [],
      version: 'legacy',
      computeBudget: true,
    });
    expect(packed).toEqual({ ok: true, value: [] });
  });

  it('refuses a lookup table larger than the 256 addresses a u8 index reaches', () => {
    const addresses = Array.from({ length: 257 }, (_, index) => addressOf(index + 1000));
    expect(() =>
      packTransfers({
        feePayer: master,
        transfers: distribution(1),
        version: { v0: { tableAddress, addresses } },
        computeBudget: false,
      }),
    ).toThrow(RangeError);
  });
});

describe('Packing any instructions', () => {
  const blob = (itemId: string, dataLength: number): PackItem => ({
    itemId,
    instructions: [{ programAddress: SYSTEM_PROGRAM_ADDRESS, accounts: [], dataLength }],
  });

  it('refuses, as a coded result, an item that does not fit even alone, and packs nothing', () => {
    const packed = packInstructions({
      feePayer: master,
      format: 'legacy',
      prefix: [],
      items: [blob('small', 10), blob('huge', 1063), blob('after', 10)],
    });
    expect(packed).toEqual({
      ok: false,
      error: {
        code: 'TRANSACTION__ITEM_DOES_NOT_FIT',
        message: 'huge does not fit in one transaction (1233 of 1232 bytes, 2 of 64 accounts)',
        context: { itemId: 'huge', size: 1233, accountLocks: 2 },
      },
    });
  });

  it('takes an item of exactly 1232 bytes', () => {
    const packed = packInstructions({
      feePayer: master,
      format: 'legacy',
      prefix: [],
      items: [blob('x', 1062)],
    });
    expect(packed.ok && packed.value.map((transaction) => transaction.layout.size)).toEqual([1232]);
  });

  it('closes a transaction at 64 account locks even when bytes remain', () => {
    // Each item reads five accounts the table holds: about ten bytes, five locks.
    const readers = (index: number): PackItem => ({
      itemId: `r${index}`,
      instructions: [
        {
          programAddress: SYSTEM_PROGRAM_ADDRESS,
          accounts: wallets
            .slice(index * 5, index * 5 + 5)
            .map((account): InstructionShape['accounts'][number] => ({
              address: account,
              signer: false,
              writable: false,
            })),
          dataLength: 0,
        },
      ],
    });
    const packed = packInstructions({
      feePayer: master,
      format: { v0: { tableAddress, addresses: wallets.slice(0, 256) } },
      prefix: [],
      items: Array.from({ length: 40 }, (_, index) => readers(index)),
    });
    if (!packed.ok) throw new Error(packed.error.message);
    // master + System + 12 × 5 = 62 locks; a 13th item would make 67.
    expect(packed.value.map((transaction) => transaction.items.length)).toEqual([12, 12, 12, 4]);
    expect(packed.value.map((transaction) => transaction.layout.accountLocks)).toEqual([
      62, 62, 62, 22,
    ]);
    expect(packed.value[0]?.layout.size).toBeLessThan(PACKET_DATA_SIZE / 2);
  });
});
