import {
  associatedTokenAddress,
  createSeededRandom,
  encodeBase58,
  packTokenTransfers,
  tokenTransferInstructions,
  address as fleetAddress,
  type Address as FleetAddress,
  type PlannedTokenTransaction,
  type TokenTransferItem,
} from '@fleet/core';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compileTransactionMessage,
  createTransactionMessage,
  getAddressEncoder,
  getProgramDerivedAddress,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { kitInstruction } from '../send/build-transaction';

// Core packs SPL transfers by its own byte count; this builds each packed transaction with kit,
// as the job will, and checks kit's encoding weighs what core said and stays within 1232 bytes.

const next = createSeededRandom(0x5b1);
const randomAddress = (): FleetAddress =>
  fleetAddress(encodeBase58(Uint8Array.from({ length: 32 }, () => Math.floor(next() * 256))));
const BLOCKHASH = blockhash(encodeBase58(new Uint8Array(32).fill(7)));

function encodedByKit(transaction: PlannedTokenTransaction): { size: number; signatures: number } {
  const instructions = tokenTransferInstructions({
    feePayer: transaction.feePayer,
    items: transaction.items,
    computeUnitLimit: transaction.computeUnitLimit,
    microLamportsPerComputeUnit: transaction.microLamportsPerComputeUnit,
  }).map(kitInstruction);
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

function checkAgainstKit(transactions: readonly PlannedTokenTransaction[]): number {
  for (const transaction of transactions) {
    const kit = encodedByKit(transaction);
    expect(kit.size).toBe(transaction.size);
    expect(kit.signatures).toBe(transaction.signatures);
    expect(kit.size).toBeLessThanOrEqual(1232);
  }
  return transactions.length;
}

describe("Core's SPL transfer packing, against transactions built and encoded by @solana/kit", () => {
  it('agrees on every withdrawal of random fleets: both programs, closes, master accounts created', () => {
    let transactions = 0;
    for (let seed = 0; seed < 10; seed += 1) {
      const master = randomAddress();
      const mints = Array.from({ length: 1 + (seed % 4) }, () => ({
        mint: randomAddress(),
        program: next() < 0.4 ? ('token2022' as const) : ('token' as const),
        masterAccount: randomAddress(),
        missing: next() < 0.5,
      }));
      const items: TokenTransferItem[] = [];
      for (let owner = 0; owner < 25; owner += 1) {
        const wallet = randomAddress();
        const count = next() < 0.15 ? 5 + Math.floor(next() * 12) : 1 + Math.floor(next() * 2);
        for (let index = 0; index < count; index += 1) {
          const held = mints[Math.floor(next() * mints.length)] ?? mints[0];
          if (held === undefined) continue;
          const source = randomAddress();
          items.push({
            itemId: source,
            owner: wallet,
            source,
            destination: held.masterAccount,
            mint: held.mint,
            program: held.program,
            decimals: 6,
            amount: BigInt(1 + Math.floor(next() * 1e9)),
            closeTo: seed % 2 === 0 ? master : null,
            createFor: held.missing ? master : null,
          });
        }
      }
      const packed = packTokenTransfers({
        feePayer: master,
        items,
        microLamportsPerComputeUnit: 5000n,
      });
      if (!packed.ok) throw new Error(packed.error.message);
      transactions += checkAgainstKit(packed.value);
    }
    expect(transactions).toBeGreaterThan(40);
  });

  it('agrees on every distribution, recipients with and without an account to create', () => {
    const master = randomAddress();
    const source = randomAddress();
    const mint = randomAddress();
    const items: TokenTransferItem[] = Array.from({ length: 150 }, () => {
      const destination = randomAddress();
      return {
        itemId: destination,
        owner: master,
        source,
        destination,
        mint,
        program: 'token2022',
        decimals: 9,
        amount: 1_000n,
        closeTo: null,
        createFor: next() < 0.5 ? randomAddress() : null,
      };
    });
    const packed = packTokenTransfers({
      feePayer: master,
      items,
      microLamportsPerComputeUnit: 5000n,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(checkAgainstKit(packed.value)).toBeGreaterThan(8);
  });

  it('derives the associated token account where kit does, for both programs', async () => {
    const encoder = getAddressEncoder();
    for (const program of ['token', 'token2022'] as const) {
      for (let n = 0; n < 5; n += 1) {
        const owner = randomAddress();
        const mint = randomAddress();
        const programAddress =
          program === 'token'
            ? 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
            : 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
        const [kit] = await getProgramDerivedAddress({
          programAddress: address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
          seeds: [
            encoder.encode(address(owner)),
            encoder.encode(address(programAddress)),
            encoder.encode(address(mint)),
          ],
        });
        expect(associatedTokenAddress(owner, mint, program)).toBe(kit);
      }
    }
  });
});
