import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  createSeededRandom,
  SYSTEM_PROGRAM_ADDRESS,
  encodeBase58,
  messageLayout,
  setComputeUnitLimitInstruction,
  setComputeUnitPriceInstruction,
  systemTransferInstruction,
  instructionShape,
  lamports,
  packTransfers,
  address as fleetAddress,
  type Address as FleetAddress,
  type Instruction as FleetInstruction,
} from '@fleet/core';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compileTransactionMessage,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { kitInstruction } from '../send/build-transaction';

// Core counts a transaction's bytes without building it; this builds the same transactions with
// @solana/kit, encodes them, and compares. Core cannot import kit (it stays dependency-free), so
// the cross-check lives here, where kit is the chain package's own dependency.

const poolNext = createSeededRandom(0x5eed);
const POOL: readonly FleetAddress[] = Array.from({ length: 200 }, () =>
  fleetAddress(encodeBase58(Uint8Array.from({ length: 32 }, () => Math.floor(poolNext() * 256)))),
);
const BLOCKHASH = blockhash(encodeBase58(new Uint8Array(32).fill(3)));

type KitMessage = Parameters<typeof compileTransaction>[0];

/** The encoded size, the account locks and the signatures of the transaction kit compiles. */
function measuredByKit(message: KitMessage): {
  size: number;
  accountLocks: number;
  signatures: number;
} {
  const compiled = compileTransactionMessage(message);
  let loaded = 0;
  if (compiled.version === 0) {
    for (const lookup of compiled.addressTableLookups ?? []) {
      loaded += lookup.writableIndexes.length + lookup.readonlyIndexes.length;
    }
  }
  return {
    size: getTransactionEncoder().encode(compileTransaction(message)).length,
    accountLocks: compiled.staticAccounts.length + loaded,
    signatures: compiled.header.numSignerAccounts,
  };
}

function compiledByKit(
  feePayer: FleetAddress,
  instructions: readonly FleetInstruction[],
  tables: readonly { tableAddress: FleetAddress; addresses: readonly FleetAddress[] }[] | undefined,
): ReturnType<typeof measuredByKit> {
  const lifetime = { blockhash: BLOCKHASH, lastValidBlockHeight: 0n };
  const kitInstructions = instructions.map(kitInstruction);
  if (tables === undefined) {
    return measuredByKit(
      pipe(
        createTransactionMessage({ version: 'legacy' }),
        (message) => setTransactionMessageFeePayer(address(feePayer), message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
        (message) => appendTransactionMessageInstructions(kitInstructions, message),
      ),
    );
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayer(address(feePayer), message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
    (message) => appendTransactionMessageInstructions(kitInstructions, message),
  );
  return measuredByKit(
    compressTransactionMessageUsingAddressLookupTables(
      message,
      Object.fromEntries(
        tables.map((table) => [
          address(table.tableAddress),
          table.addresses.map((entry): Address => address(entry)),
        ]),
      ),
    ),
  );
}

describe("Core's wire size, against transactions built and encoded by @solana/kit", () => {
  it('agrees on 215 bytes for one legacy transfer', () => {
    const [master, wallet] = POOL;
    if (master === undefined || wallet === undefined) throw new Error('pool');
    const transfer = systemTransferInstruction({ from: master, to: wallet, lamports: 1n });
    expect(compiledByKit(master, [transfer], undefined).size).toBe(215);
  });

  it('agrees on every random transfer set, legacy and v0 with one to three tables, with and without a compute budget', () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const next = createSeededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
      const accounts = POOL.slice(0, 2 + Math.floor(next() * 60));
      const feePayer = pick(POOL);
      const senders = [feePayer, ...accounts.slice(0, 1 + Math.floor(next() * 6))];
      const instructions: FleetInstruction[] = [];
      if (next() < 0.5) {
        instructions.push(setComputeUnitLimitInstruction(200_000));
        instructions.push(setComputeUnitPriceInstruction(5000n));
      }
      for (let index = Math.floor(next() * 30); index >= 0; index -= 1) {
        instructions.push(
          systemTransferInstruction({
            from: next() < 0.6 ? feePayer : pick(senders),
            to: pick(accounts),
            lamports: BigInt(Math.floor(next() * 1e9)),
          }),
        );
      }
      // None, one or up to three tables, each holding a random share of the accounts (so an
      // account may sit in several, or in none).
      const tables =
        next() < 0.3
          ? undefined
          : Array.from({ length: 1 + Math.floor(next() * 3) }, (_, index) => {
              const membership = next();
              return {
                tableAddress: POOL[199 - index] as FleetAddress,
                addresses: [
                  ...accounts,
                  feePayer,
                  SYSTEM_PROGRAM_ADDRESS,
                  COMPUTE_BUDGET_PROGRAM_ADDRESS,
                ].filter(() => next() < membership),
              };
            });
      const layout = messageLayout({
        feePayer,
        instructions: instructions.map(instructionShape),
        format:
          tables === undefined
            ? 'legacy'
            : {
                v0: tables.map((table) => ({ ...table, addresses: new Set(table.addresses) })),
              },
      });
      expect({
        seed,
        size: layout.size,
        accountLocks: layout.accountLocks,
        signatures: layout.signers.length,
      }).toEqual({ seed, ...compiledByKit(feePayer, instructions, tables) });
    }
  });

  it("builds the packer's fullest transactions within 1232 bytes: 21 and 20 legacy, 57 and 54 v0", () => {
    const [master, ...wallets] = POOL;
    if (master === undefined) throw new Error('pool');
    const transfers = wallets.slice(0, 120).map((to, index) => ({
      itemId: String(index),
      from: master,
      to,
      lamports: lamports(1000n),
    }));
    const table = { tableAddress: master, addresses: wallets.slice(0, 120) };
    const capacities: number[] = [];
    for (const version of ['legacy', { v0: table }] as const) {
      for (const computeBudget of [false, true]) {
        const packed = packTransfers({ feePayer: master, transfers, version, computeBudget });
        if (!packed.ok) throw new Error(packed.error.message);
        capacities.push(packed.value[0]?.transfers.length ?? 0);
        for (const planned of packed.value) {
          const instructions = [
            ...(computeBudget
              ? [setComputeUnitLimitInstruction(1_400_000), setComputeUnitPriceInstruction(5000n)]
              : []),
            ...planned.transfers.map((transfer) => systemTransferInstruction(transfer)),
          ];
          const built = compiledByKit(
            master,
            instructions,
            version === 'legacy' ? undefined : [table],
          );
          expect(built.size).toBe(planned.size);
          expect(built.size).toBeLessThanOrEqual(1232);
          expect(built.accountLocks).toBe(planned.accountLocks);
        }
      }
    }
    expect(capacities).toEqual([21, 20, 57, 54]);
  });
});
