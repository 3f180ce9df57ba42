import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address, type Address } from '../primitives/address';
import {
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '../token-closes/close-instruction';
import { PACKET_DATA_SIZE } from '../transactions/message-size';
import { transactionFee } from '../transactions/transaction-fee';
import {
  BURN_CHECKED_DISCRIMINATOR,
  burnCheckedInstruction,
  burnCheckedShape,
} from './burn-instruction';
import {
  burnComputeUnitLimit,
  burnFeeShares,
  burnShapes,
  packBurns,
  type BurnItem,
  type PackBurnsInput,
} from './pack-burns';

function addressOf(kind: number, n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = kind;
  bytes[1] = n & 0xff;
  bytes[2] = (n >> 8) & 0xff;
  return address(encodeBase58(bytes));
}

const master = addressOf(1, 0);
const mints = [addressOf(2, 0), addressOf(2, 1), addressOf(2, 2)];
let nextAccount = 0;

function burnsOf(owner: Address, count: number, mintCount = 1): BurnItem[] {
  return Array.from({ length: count }, (_, index) => {
    const tokenAccount = addressOf(3, nextAccount++);
    return {
      itemId: tokenAccount,
      owner,
      tokenAccount,
      mint: mints[index % mintCount] as Address,
      program: index % 2 === 0 ? 'token' : 'token2022',
      amount: BigInt(index + 1),
      decimals: 6,
      rentLamports: 2_039_280n,
    };
  });
}

function pack(burns: readonly BurnItem[], options: Partial<Omit<PackBurnsInput, 'burns'>> = {}) {
  const packed = packBurns({
    master,
    burns,
    rentDestination: 'master',
    feePayer: 'master',
    microLamportsPerComputeUnit: 5_000n,
    ...options,
  });
  if (!packed.ok) throw new Error(packed.error.message);
  return packed.value;
}

describe('The BurnChecked instruction', () => {
  it('burns an amount at the mint’s decimals, the account and mint written, the owner signing', () => {
    const owner = addressOf(4, 0);
    const instruction = burnCheckedInstruction({
      program: 'token2022',
      account: addressOf(3, 900),
      mint: mints[0] as Address,
      owner,
      amount: 258n,
      decimals: 9,
    });
    expect(instruction.programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS);
    expect([...instruction.data]).toEqual([BURN_CHECKED_DISCRIMINATOR, 2, 1, 0, 0, 0, 0, 0, 0, 9]);
    expect(instruction.accounts.map((meta) => [meta.signer, meta.writable])).toEqual([
      [false, true],
      [false, true],
      [true, false],
    ]);
    expect(instruction.accounts[2]?.address).toBe(owner);
    const shape = burnCheckedShape({
      program: 'token',
      account: addressOf(3, 900),
      mint: mints[0] as Address,
      owner,
    });
    expect(shape.programAddress).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(shape.dataLength).toBe(instruction.data.length);
  });

  it('refuses to burn nothing, more than a u64 or at impossible decimals', () => {
    const base = {
      program: 'token' as const,
      account: addressOf(3, 901),
      mint: mints[0] as Address,
      owner: addressOf(4, 0),
      decimals: 6,
    };
    expect(() => burnCheckedInstruction({ ...base, amount: 0n })).toThrow(RangeError);
    expect(() => burnCheckedInstruction({ ...base, amount: 2n ** 64n })).toThrow(RangeError);
    expect(() => burnCheckedInstruction({ ...base, amount: 1n, decimals: 256 })).toThrow(
      RangeError,
    );
  });
});

describe('Packing burns and their closes', () => {
  it('gives each owner with a few dust balances one signature, owners sharing when the master pays', () => {
    const owners = [addressOf(4, 1), addressOf(4, 2), addressOf(4, 3)];
    const burns = owners.flatMap((owner) => burnsOf(owner, 2));
    const packed = pack(burns);
    expect(packed).toHaveLength(1);
    expect(packed[0]?.owners).toEqual(owners);
    expect(packed[0]?.signers).toEqual([master, ...owners]);
    expect(packed[0]?.signatures).toBe(4);
  });

  it('splits an owner with many balances over as few transactions as fit, none over 1232 bytes', () => {
    const owner = addressOf(4, 10);
    const burns = burnsOf(owner, 40, 3);
    const packed = pack(burns);
    const perTransaction = packed.map((tx) => tx.burns.length);
    expect(perTransaction.reduce((a, b) => a + b, 0)).toBe(40);
    // Every transaction but the last is full: one more burn would not have fitted.
    for (const tx of packed) {
      expect(tx.size).toBeLessThanOrEqual(PACKET_DATA_SIZE);
      expect(tx.accountLocks).toBeLessThanOrEqual(64);
      expect(tx.owners).toEqual([owner]);
    }
    const first = packed[0];
    if (!first) throw new Error('nothing packed');
    expect(first.burns.length).toBeGreaterThanOrEqual(8);
    expect(packed.length).toBe(Math.ceil(40 / first.burns.length));
  });

  it('puts every burn in exactly one transaction, its close right after it', () => {
    const burns = [
      ...burnsOf(addressOf(4, 20), 13, 2),
      ...burnsOf(addressOf(4, 21), 1),
      ...burnsOf(addressOf(4, 22), 7, 3),
    ];
    const packed = pack(burns, { rentDestination: 'owner' });
    const placed = packed.flatMap((tx) => tx.burns.map((burn) => burn.itemId));
    expect([...placed].sort()).toEqual(burns.map((burn) => burn.itemId).sort());
    const [burn] = burns;
    if (!burn) throw new Error('no burn');
    const [burnShape, closeShape] = burnShapes(burn, master, 'owner');
    expect(burnShape?.accounts.map((meta) => meta.address)).toEqual([
      burn.tokenAccount,
      burn.mint,
      burn.owner,
    ]);
    // The rent stays with the owner: the close's destination is the owner itself.
    expect(closeShape?.accounts.map((meta) => meta.address)).toEqual([
      burn.tokenAccount,
      burn.owner,
      burn.owner,
    ]);
    expect(burnShapes(burn, master, 'master')[1]?.accounts[1]?.address).toBe(master);
  });

  it('prices each transaction on its signatures and compute-unit limit, shares summing to the fee', () => {
    const burns = [...burnsOf(addressOf(4, 30), 3), ...burnsOf(addressOf(4, 31), 2)];
    const [tx] = pack(burns, { microLamportsPerComputeUnit: 7_777n });
    if (!tx) throw new Error('nothing packed');
    expect(tx.computeUnitLimit).toBe(burnComputeUnitLimit(tx.burns));
    expect(tx.computeUnitLimit).toBe(300 + 3 * 8_500 + 2 * 14_000);
    expect(tx.feeLamports).toBe(
      transactionFee({
        signatures: 3,
        computeUnitLimit: BigInt(tx.computeUnitLimit),
        microLamportsPerComputeUnit: 7_777n,
      }),
    );
    const shares = [...burnFeeShares(tx).values()];
    expect(shares.reduce((a, b) => a + b, 0n)).toBe(tx.feeLamports);
    expect(Math.max(...shares.map(Number)) - Math.min(...shares.map(Number))).toBeLessThanOrEqual(
      1,
    );
    expect(tx.rentLamports).toBe(5n * 2_039_280n);
  });

  it('gives each owner its own transactions when the owners pay', () => {
    const burns = [...burnsOf(addressOf(4, 40), 2), ...burnsOf(addressOf(4, 41), 2)];
    const packed = pack(burns, { feePayer: 'owner' });
    expect(packed.map((tx) => tx.signers)).toEqual([[addressOf(4, 40)], [addressOf(4, 41)]]);
  });
});
