import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../keys/base58';
import { address } from '../primitives/address';
import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  computeBudgetShapes,
  setComputeUnitLimitInstruction,
  setComputeUnitPriceInstruction,
} from './compute-budget';
import { instructionShape } from './instruction';
import {
  SYSTEM_PROGRAM_ADDRESS,
  systemTransferInstruction,
  systemTransferShape,
} from './system-transfer';

const from = address(encodeBase58(new Uint8Array(32).fill(1)));
const to = address(encodeBase58(new Uint8Array(32).fill(2)));

describe('The instructions of SOL operations', () => {
  it('uses the real program addresses, which are 32-byte keys', () => {
    expect(address(SYSTEM_PROGRAM_ADDRESS)).toBe('11111111111111111111111111111111');
    expect(address(COMPUTE_BUDGET_PROGRAM_ADDRESS)).toBe(
      'ComputeBudget111111111111111111111111111111',
    );
  });

  it('encodes a System transfer as u32 LE 2 then u64 LE lamports, sender signing', () => {
    const instruction = systemTransferInstruction({ from, to, lamports: 1_000_000_000n });
    // 1 SOL = 1,000,000,000 = 0x3B9ACA00.
    expect([...instruction.data]).toEqual([2, 0, 0, 0, 0x00, 0xca, 0x9a, 0x3b, 0, 0, 0, 0]);
    expect(instruction.programAddress).toBe(SYSTEM_PROGRAM_ADDRESS);
    expect(instruction.accounts).toEqual([
      { address: from, signer: true, writable: true },
      { address: to, signer: false, writable: true },
    ]);
    expect(instructionShape(instruction)).toEqual(systemTransferShape({ from, to }));
  });

  it('encodes the u64 maximum and refuses amounts outside a u64', () => {
    const max = systemTransferInstruction({ from, to, lamports: 2n ** 64n - 1n });
    expect([...max.data.slice(4)]).toEqual(Array<number>(8).fill(0xff));
    expect(() => systemTransferInstruction({ from, to, lamports: -1n })).toThrow(RangeError);
    expect(() => systemTransferInstruction({ from, to, lamports: 2n ** 64n })).toThrow(RangeError);
  });

  it('encodes SetComputeUnitLimit as u8 2 then u32 LE units', () => {
    // 200,000 = 0x030D40.
    expect([...setComputeUnitLimitInstruction(200_000).data]).toEqual([2, 0x40, 0x0d, 0x03, 0]);
    expect(() => setComputeUnitLimitInstruction(1_400_001)).toThrow(RangeError);
    expect(() => setComputeUnitLimitInstruction(1.5)).toThrow(RangeError);
  });

  it('encodes SetComputeUnitPrice as u8 3 then u64 LE micro-lamports', () => {
    // 5,000 = 0x1388.
    expect([...setComputeUnitPriceInstruction(5000n).data]).toEqual([
      3, 0x88, 0x13, 0, 0, 0, 0, 0, 0,
    ]);
    expect(() => setComputeUnitPriceInstruction(-1n)).toThrow(RangeError);
  });

  it('gives the compute budget shapes the lengths of the encoded instructions, limit first', () => {
    expect(computeBudgetShapes()).toEqual([
      instructionShape(setComputeUnitLimitInstruction(1)),
      instructionShape(setComputeUnitPriceInstruction(1n)),
    ]);
  });
});
