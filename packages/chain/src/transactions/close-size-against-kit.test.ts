import {
  closeAccountInstruction,
  createSeededRandom,
  encodeBase58,
  packCloses,
  setComputeUnitLimitInstruction,
  setComputeUnitPriceInstruction,
  address as fleetAddress,
  type Address as FleetAddress,
  type CloseItem,
  type PlannedCloseTransaction,
  type RentDestination,
} from '@fleet/core';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compileTransactionMessage,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { kitInstruction } from '../send/build-transaction';

// Core packs closes by its own byte count; this builds each packed transaction with kit, as the
// job will, and checks kit's encoding weighs what core said and stays within 1232 bytes.

const next = createSeededRandom(0xc105e);
const randomAddress = (): FleetAddress =>
  fleetAddress(encodeBase58(Uint8Array.from({ length: 32 }, () => Math.floor(next() * 256))));
const BLOCKHASH = blockhash(encodeBase58(new Uint8Array(32).fill(5)));

function encodedByKit(
  transaction: PlannedCloseTransaction,
  master: FleetAddress,
  rentDestination: RentDestination,
): { size: number; signatures: number } {
  const instructions = [
    setComputeUnitLimitInstruction(transaction.computeUnitLimit),
    setComputeUnitPriceInstruction(transaction.microLamportsPerComputeUnit),
    ...transaction.closes.map((close) =>
      closeAccountInstruction({
        program: close.program,
        account: close.tokenAccount,
        destination: rentDestination === 'master' ? master : close.owner,
        owner: close.owner,
      }),
    ),
  ].map(kitInstruction);
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(address(transaction.feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: BLOCKHASH, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return {
    size: getTransactionEncoder().encode(compileTransaction(message)).length,
    signatures: compileTransactionMessage(message).header.numSignerAccounts,
  };
}

describe("Core's close packing, against transactions built and encoded by @solana/kit", () => {
  it('agrees on every packed transaction of random fleets, both programs, both rent destinations', () => {
    let transactions = 0;
    let largest = 0;
    for (let seed = 0; seed < 12; seed += 1) {
      const master = randomAddress();
      const rentDestination: RentDestination = seed % 2 === 0 ? 'master' : 'owner';
      const closes: CloseItem[] = [];
      for (let owner = 0; owner < 30; owner += 1) {
        const wallet = randomAddress();
        const count = next() < 0.2 ? Math.floor(next() * 40) : Math.floor(next() * 4);
        for (let index = 0; index < count; index += 1) {
          const tokenAccount = randomAddress();
          closes.push({
            itemId: tokenAccount,
            owner: wallet,
            tokenAccount,
            mint: randomAddress(),
            program: next() < 0.3 ? 'token2022' : 'token',
            rentLamports: 2_039_280n,
          });
        }
      }
      const packed = packCloses({
        master,
        closes,
        rentDestination,
        feePayer: seed % 3 === 0 ? 'owner' : 'master',
        microLamportsPerComputeUnit: 5000n,
      });
      if (!packed.ok) throw new Error(packed.error.message);
      for (const transaction of packed.value) {
        const kit = encodedByKit(transaction, master, rentDestination);
        expect(kit.size).toBe(transaction.size);
        expect(kit.signatures).toBe(transaction.signatures);
        expect(kit.size).toBeLessThanOrEqual(1232);
        transactions += 1;
        largest = Math.max(largest, transaction.closes.length);
      }
    }
    expect(transactions).toBeGreaterThan(50);
    expect(largest).toBeGreaterThanOrEqual(23);
  });
});
