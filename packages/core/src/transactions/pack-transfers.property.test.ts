import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../time/seeded-random';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import { lamports } from '../primitives/lamports';
import { computeBudgetShapes } from './compute-budget';
import type { AccountMeta, InstructionShape } from './instruction';
import {
  MAX_TX_ACCOUNT_LOCKS,
  PACKET_DATA_SIZE,
  fitsInOneTransaction,
  messageLayout,
  type MessageFormat,
} from './message-size';
import {
  messageFormatOf,
  packInstructions,
  type LookupTableInput,
  type PackFormat,
  type PackItem,
} from './pack-instructions';
import { balanceChanges, packTransfers, type TransferItem } from './pack-transfers';
import { packTransfersWithTables } from './pack-transfers-with-tables';
import { SYSTEM_PROGRAM_ADDRESS, systemTransferShape } from './system-transfer';
import { transactionFee } from './transaction-fee';

interface Random {
  readonly below: (n: number) => number;
  readonly chance: (p: number) => boolean;
  readonly pick: <T>(items: readonly T[]) => T;
}

function randomOf(seed: number): Random {
  const next = createSeededRandom(seed);
  const below = (n: number): number => Math.floor(next() * n);
  return {
    below,
    chance: (p) => next() < p,
    pick: (items) => {
      const item = items[below(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

// One pool of random 32-byte addresses for every case: base58 encoding is the slow part.
const poolRandom = randomOf(0xf1ee7);
const POOL: readonly Address[] = Array.from({ length: 600 }, () =>
  address(encodeBase58(Uint8Array.from({ length: 32 }, () => poolRandom.below(256)))),
);

function sample(random: Random, count: number): Address[] {
  const start = random.below(POOL.length);
  return Array.from(
    { length: count },
    (_, index) => POOL[(start + index) % POOL.length] as Address,
  );
}

function randomFormat(random: Random, candidates: readonly Address[]): PackFormat {
  if (random.chance(0.4)) return 'legacy';
  const table = (): LookupTableInput => {
    const membership = random.below(101) / 100;
    const addresses = candidates.filter(() => random.chance(membership)).slice(0, 256);
    // Half the time the list is handed over as a set, as a caller holding a Set would.
    return {
      tableAddress: random.pick(POOL),
      addresses: random.chance(0.5) ? addresses : new Set(addresses),
    };
  };
  // One table, or up to four that may overlap.
  if (random.chance(0.5)) return { v0: table() };
  return { v0: Array.from({ length: 1 + random.below(4) }, table) };
}

/** Every transaction but the last was closed because the next item would not fit in it. */
function expectGreedy(
  feePayer: Address,
  format: MessageFormat,
  prefix: readonly InstructionShape[],
  transactions: readonly (readonly InstructionShape[])[],
): void {
  for (let index = 0; index + 1 < transactions.length; index += 1) {
    const closed = transactions[index] ?? [];
    const next = transactions[index + 1] ?? [];
    const grown = messageLayout({
      feePayer,
      format,
      instructions: [...prefix, ...closed, ...next.slice(0, 1)],
    });
    expect(fitsInOneTransaction(grown)).toBe(false);
  }
}

describe('The transfer packer, over thousands of random transfer sets', () => {
  it('never exceeds 1232 bytes or 64 locks, places each transfer once in order, and keeps every lamport', () => {
    let transactionsChecked = 0;
    for (let seed = 1; seed <= 3000; seed += 1) {
      const random = randomOf(seed);
      const accounts = sample(random, 1 + random.below(150));
      const feePayer = random.chance(0.3) ? random.pick(accounts) : random.pick(POOL);
      const senders = [feePayer, ...accounts.slice(0, 1 + random.below(12))];
      const senderShare = random.below(101) / 100;
      const transfers: TransferItem[] = Array.from({ length: random.below(160) }, (_, index) => ({
        itemId: `${seed}:${index}`,
        from: random.chance(senderShare) ? random.pick(senders) : feePayer,
        to: random.pick(accounts),
        lamports: lamports(BigInt(random.below(2 ** 30)) * BigInt(1 + random.below(2 ** 20))),
      }));
      const version = randomFormat(random, [...accounts, feePayer, SYSTEM_PROGRAM_ADDRESS]);
      const computeBudget = random.chance(0.5);

      const packed = packTransfers({ feePayer, transfers, version, computeBudget });
      if (!packed.ok) throw new Error(`seed ${seed}: ${packed.error.message}`);
      const plan = packed.value;

      expect(plan.flatMap((transaction) => transaction.transfers)).toEqual(transfers);
      let planned = 0n;
      let sent = 0n;
      let fees = 0n;
      let taken = 0n;
      for (const transaction of plan) {
        expect(transaction.transfers.length).toBeGreaterThan(0);
        expect(transaction.size).toBeLessThanOrEqual(PACKET_DATA_SIZE);
        expect(transaction.accountLocks).toBeLessThanOrEqual(MAX_TX_ACCOUNT_LOCKS);
        const expectedSigners = new Set([feePayer, ...transaction.transfers.map((t) => t.from)]);
        expect(transaction.signers[0]).toBe(feePayer);
        expect([...transaction.signers].sort()).toEqual([...expectedSigners].sort());
        expect(transaction.signatures).toBe(expectedSigners.size);
        // The locks are every distinct account touched, with the programs called.
        const touched = new Set([feePayer, SYSTEM_PROGRAM_ADDRESS]);
        for (const transfer of transaction.transfers) touched.add(transfer.from).add(transfer.to);
        expect(transaction.accountLocks).toBe(touched.size + (computeBudget ? 1 : 0));

        const fee = transactionFee({
          signatures: transaction.signatures,
          computeUnitLimit: BigInt(random.below(1_400_001)),
          microLamportsPerComputeUnit: BigInt(random.below(100_000)),
        });
        const changes = [...balanceChanges(transaction, fee).values()];
        const debits = changes.filter((change) => change < 0n).reduce((sum, c) => sum - c, 0n);
        const credits = changes.filter((change) => change > 0n).reduce((sum, c) => sum + c, 0n);
        expect(debits - credits).toBe(fee);
        planned += transaction.lamports;
        fees += fee;
        taken += debits - credits;
        transactionsChecked += 1;
      }
      for (const transfer of transfers) sent += transfer.lamports;
      expect(planned).toBe(sent);
      expect(taken).toBe(fees);

      const format = messageFormatOf(version);
      expectGreedy(
        feePayer,
        format,
        computeBudget ? computeBudgetShapes() : [],
        plan.map((transaction) => transaction.transfers.map(systemTransferShape)),
      );
    }
    expect(transactionsChecked).toBeGreaterThan(3000);
  });
});

describe('The instruction packer, over thousands of random items', () => {
  const programs = [SYSTEM_PROGRAM_ADDRESS, ...sample(randomOf(99), 4)];

  function randomItem(
    random: Random,
    accounts: readonly Address[],
    itemId: string,
    maxData: number,
  ): PackItem {
    return {
      itemId,
      instructions: Array.from({ length: 1 + random.below(3) }, () => ({
        programAddress: random.pick(programs),
        accounts: Array.from(
          { length: random.below(random.chance(0.1) ? 70 : 12) },
          (): AccountMeta => ({
            address: random.pick(accounts),
            signer: random.chance(0.05),
            writable: random.chance(0.5),
          }),
        ),
        dataLength: random.chance(0.02) ? 900 + random.below(400) : random.below(maxData),
      })),
    };
  }

  it('packs within both limits, or refuses at the first item that cannot fit alone', () => {
    let refusals = 0;
    let lockBound = 0;
    for (let seed = 1; seed <= 2000; seed += 1) {
      const random = randomOf(seed * 7919);
      const accounts = sample(random, 1 + random.below(300));
      const feePayer = random.pick(POOL);
      // Half the sets carry little data, so many of their transactions fill up on locks first.
      const maxData = random.chance(0.5) ? 4 : 120;
      const items = Array.from({ length: random.below(60) }, (_, index) =>
        randomItem(random, accounts, `${seed}:${index}`, maxData),
      );
      const packFormat = randomFormat(random, [...accounts, ...programs]);
      const format = messageFormatOf(packFormat);
      const prefix = random.chance(0.5) ? computeBudgetShapes() : [];
      const packed = packInstructions({ feePayer, items, format: packFormat, prefix });

      const alone = (item: PackItem) =>
        messageLayout({ feePayer, format, instructions: [...prefix, ...item.instructions] });
      const firstMisfit = items.find((item) => !fitsInOneTransaction(alone(item)));
      if (firstMisfit !== undefined) {
        refusals += 1;
        expect(packed.ok).toBe(false);
        if (!packed.ok) expect(packed.error.context.itemId).toBe(firstMisfit.itemId);
        continue;
      }
      if (!packed.ok) throw new Error(`seed ${seed}: ${packed.error.message}`);
      expect(packed.value.flatMap((transaction) => transaction.items)).toEqual(items);
      for (const transaction of packed.value) {
        expect(transaction.layout.size).toBeLessThanOrEqual(PACKET_DATA_SIZE);
        expect(transaction.layout.accountLocks).toBeLessThanOrEqual(MAX_TX_ACCOUNT_LOCKS);
      }
      packed.value.slice(0, -1).forEach((transaction, index) => {
        const next = packed.value[index + 1]?.items[0];
        if (next === undefined) return;
        const grown = messageLayout({
          feePayer,
          format,
          instructions: [
            ...prefix,
            ...transaction.items.flatMap((item) => item.instructions),
            ...next.instructions,
          ],
        });
        if (grown.size <= PACKET_DATA_SIZE) lockBound += 1;
        expect(fitsInOneTransaction(grown)).toBe(false);
      });
    }
    // The random sets reach both refusals and transactions closed by locks rather than bytes.
    expect(refusals).toBeGreaterThan(20);
    expect(lockBound).toBeGreaterThan(20);
  });
});

// Tables live at addresses of their own, never a wallet's.
const TABLE_ADDRESSES: readonly Address[] = Array.from({ length: 4 }, (_, index) =>
  address(encodeBase58(new Uint8Array(32).fill(index + 1))),
);

describe('The table-grouping transfer packer, over thousands of random transfer sets', () => {
  it('never exceeds 1232 bytes or 64 locks, loads from one table at most, and places each transfer once', () => {
    let loaded = 0;
    for (let seed = 1; seed <= 1500; seed += 1) {
      const random = randomOf(seed * 104_729);
      const accounts = sample(random, 1 + random.below(400));
      const feePayer = random.pick(POOL);
      const senders = [feePayer, ...accounts.slice(0, 1 + random.below(6))];
      const senderShare = random.below(51) / 100;
      const transfers: TransferItem[] = Array.from({ length: random.below(300) }, (_, index) => ({
        itemId: `${seed}:${index}`,
        from: random.chance(senderShare) ? random.pick(senders) : feePayer,
        to: random.pick(accounts),
        lamports: lamports(BigInt(1 + random.below(2 ** 30))),
      }));
      const tables = Array.from({ length: random.below(4) }, (_, index): LookupTableInput => {
        const membership = random.below(101) / 100;
        return {
          tableAddress: TABLE_ADDRESSES[index] as Address,
          addresses: accounts.filter(() => random.chance(membership)).slice(0, 256),
        };
      });
      const computeBudget = random.chance(0.5);
      const packed = packTransfersWithTables({ feePayer, transfers, tables, computeBudget });
      if (!packed.ok) throw new Error(`seed ${seed}: ${packed.error.message}`);

      const placed = packed.value.flatMap((tx) => tx.transfers.map((t) => t.itemId));
      expect([...placed].sort()).toEqual(transfers.map((t) => t.itemId).sort());
      let planned = 0n;
      for (const transaction of packed.value) {
        expect(transaction.size).toBeLessThanOrEqual(PACKET_DATA_SIZE);
        expect(transaction.accountLocks).toBeLessThanOrEqual(MAX_TX_ACCOUNT_LOCKS);
        expect(transaction.layout.lookups.length).toBeLessThanOrEqual(1);
        const [lookup] = transaction.layout.lookups;
        if (lookup !== undefined) {
          const table = tables.find((t) => t.tableAddress === lookup.tableAddress);
          const held = new Set(table?.addresses);
          // Every recipient that does not sign is loaded from the one table the group was for.
          const signers = new Set(transaction.signers);
          for (const { to } of transaction.transfers) {
            if (signers.has(to)) continue;
            expect(held.has(to)).toBe(true);
            expect(lookup.writable).toContain(to);
            loaded += 1;
          }
        }
        planned += transaction.lamports;
      }
      expect(planned).toBe(transfers.reduce((sum, t) => sum + t.lamports, 0n));
    }
    expect(loaded).toBeGreaterThan(10_000);
  });
});
