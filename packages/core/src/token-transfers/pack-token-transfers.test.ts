import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import type { Address } from '../primitives/address';
import { createSeededRandom } from '../time/seeded-random';
import { instructionShape } from '../transactions/instruction';
import { messageLayout } from '../transactions/message-size';
import {
  DEFAULT_TOKEN_TRANSFER_COMPUTE_UNITS,
  packTokenTransfers,
  tokenTransferComputeUnitLimit,
  tokenTransferFeeShares,
  tokenTransferInstructions,
  type TokenTransferItem,
} from './pack-token-transfers';

const next = createSeededRandom(0x5e1d);
const randomAddress = (): Address =>
  encodeBase58(Uint8Array.from({ length: 32 }, () => Math.floor(next() * 256))) as Address;

const master = randomAddress();

function withdrawal(
  owner: Address,
  mint: Address,
  options: { close?: boolean; create?: boolean; program?: 'token' | 'token2022' } = {},
): TokenTransferItem {
  const source = randomAddress();
  return {
    itemId: source,
    owner,
    source,
    destination: masterAccountOf(mint),
    mint,
    program: options.program ?? 'token',
    decimals: 6,
    amount: 1_000n,
    closeTo: options.close ? master : null,
    createFor: options.create ? master : null,
  };
}

const masterAccounts = new Map<Address, Address>();
function masterAccountOf(mint: Address): Address {
  let found = masterAccounts.get(mint);
  if (found === undefined) {
    found = randomAddress();
    masterAccounts.set(mint, found);
  }
  return found;
}

describe('packing SPL transfers by exact size', () => {
  it('puts each owner with few accounts in one transaction with one signature, owners sharing', () => {
    const mints = [randomAddress(), randomAddress()];
    const items = Array.from({ length: 12 }, () => randomAddress()).flatMap((owner) =>
      mints.map((mint) => withdrawal(owner, mint, { close: true })),
    );
    const packed = packTokenTransfers({
      feePayer: master,
      items,
      microLamportsPerComputeUnit: 5000n,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    const owners = new Map<Address, number>();
    for (const tx of packed.value) {
      expect(tx.size).toBeLessThanOrEqual(1232);
      expect(tx.accountLocks).toBeLessThanOrEqual(64);
      expect(tx.signers[0]).toBe(master);
      expect(tx.signatures).toBe(1 + tx.owners.length);
      for (const owner of tx.owners) owners.set(owner, (owners.get(owner) ?? 0) + 1);
    }
    // Every owner signs exactly one transaction; several owners share one.
    expect([...owners.values()].every((count) => count === 1)).toBe(true);
    expect(owners.size).toBe(12);
    expect(packed.value.length).toBeLessThan(12);
    expect(
      packed.value
        .flatMap((tx) => tx.items)
        .map((item) => item.itemId)
        .sort(),
    ).toEqual(items.map((item) => item.itemId).sort());
  });

  it('spreads an owner with more accounts than fit over as few full transactions as it takes', () => {
    const owner = randomAddress();
    const mints = Array.from({ length: 40 }, () => randomAddress());
    const items = mints.map((mint) => withdrawal(owner, mint));
    const packed = packTokenTransfers({ feePayer: master, items, microLamportsPerComputeUnit: 0n });
    if (!packed.ok) throw new Error(packed.error.message);
    // A new mint a transfer costs its source, the mint and the master's account: 96 bytes plus
    // its instruction (17), so a legacy transaction holds 8 of them and 40 need 5.
    expect(packed.value.map((tx) => tx.items.length)).toEqual([8, 8, 8, 8, 8]);
    for (const tx of packed.value) expect(tx.owners).toEqual([owner]);
  });

  it("creates the destination once a transaction, before its transfers, and counts the create's units", () => {
    const mint = randomAddress();
    const owners = Array.from({ length: 6 }, () => randomAddress());
    const items = owners.map((owner) => withdrawal(owner, mint, { create: true }));
    const packed = packTokenTransfers({
      feePayer: master,
      items,
      microLamportsPerComputeUnit: 5000n,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    for (const tx of packed.value) {
      expect(tx.creates).toEqual([
        { account: masterAccountOf(mint), owner: master, mint, program: 'token' },
      ]);
      const units = DEFAULT_TOKEN_TRANSFER_COMPUTE_UNITS;
      expect(tx.computeUnitLimit).toBe(
        units.base + units.create.token + tx.items.length * units.transfer.token,
      );
      const instructions = tokenTransferInstructions({
        feePayer: master,
        items: tx.items,
        computeUnitLimit: tx.computeUnitLimit,
        microLamportsPerComputeUnit: 5000n,
      });
      expect(instructions[2]?.programAddress).toBe('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
      expect(instructions).toHaveLength(3 + tx.items.length);
      // What is signed weighs what was packed.
      expect(
        messageLayout({
          feePayer: master,
          format: 'legacy',
          instructions: instructions.map(instructionShape),
        }).size,
      ).toBe(tx.size);
    }
  });

  it("packs a distribution's recipients in order, the master the only signer", () => {
    const mint = randomAddress();
    const source = randomAddress();
    const items: TokenTransferItem[] = Array.from({ length: 60 }, (_, index) => {
      const recipient = randomAddress();
      const destination = randomAddress();
      return {
        itemId: destination,
        owner: master,
        source,
        destination,
        mint,
        program: 'token2022',
        decimals: 9,
        amount: 5n,
        closeTo: null,
        createFor: index % 2 === 0 ? recipient : null,
      };
    });
    const packed = packTokenTransfers({
      feePayer: master,
      items,
      microLamportsPerComputeUnit: 5000n,
    });
    if (!packed.ok) throw new Error(packed.error.message);
    expect(packed.value.flatMap((tx) => tx.items)).toEqual(items);
    for (const tx of packed.value) {
      expect(tx.signatures).toBe(1);
      expect(tx.size).toBeLessThanOrEqual(1232);
      expect(tx.feeLamports).toBe(
        5000n + (BigInt(tx.computeUnitLimit) * 5000n + 999_999n) / 1_000_000n,
      );
    }
    // 49 bytes a recipient with an account, 91 with its create as well.
    expect(packed.value[0]?.items.length).toBeGreaterThanOrEqual(12);
  });

  it('packs nothing into no transaction', () => {
    const packed = packTokenTransfers({
      feePayer: master,
      items: [],
      microLamportsPerComputeUnit: 0n,
    });
    expect(packed.ok && packed.value).toEqual([]);
  });

  it('shares a fee out so the shares sum to it exactly', () => {
    const owner = randomAddress();
    const items = Array.from({ length: 3 }, () => withdrawal(owner, randomAddress()));
    const shares = tokenTransferFeeShares({ items, feeLamports: 10_001n });
    expect([...shares.values()]).toEqual([3_334n, 3_334n, 3_333n]);
    expect(tokenTransferComputeUnitLimit(items)).toBe(300 + 3 * 6_500);
  });
});
