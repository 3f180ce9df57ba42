import { describe, expect, it } from 'vitest';
import { computeUnitLimitFromSimulation, transactionFee } from './transaction-fee';

describe('The transaction fee', () => {
  it('is 5000 lamports a signature without a priority fee', () => {
    const fee = transactionFee({
      signatures: 3,
      computeUnitLimit: 0n,
      microLamportsPerComputeUnit: 0n,
    });
    expect(fee).toBe(15_000n);
    expect(
      transactionFee({
        signatures: 1,
        computeUnitLimit: 200_000n,
        microLamportsPerComputeUnit: 0n,
      }),
    ).toBe(5000n);
  });

  it('adds the unit price times the requested limit, in micro-lamports rounded up', () => {
    // 200,000 units × 5,000 µ-lamports = 10^9 µ-lamports = 1,000 lamports exactly.
    expect(
      transactionFee({
        signatures: 1,
        computeUnitLimit: 200_000n,
        microLamportsPerComputeUnit: 5000n,
      }),
    ).toBe(6000n);
    // 1 × 1 µ-lamport is a millionth of a lamport: the runtime charges a whole one.
    expect(
      transactionFee({ signatures: 1, computeUnitLimit: 1n, microLamportsPerComputeUnit: 1n }),
    ).toBe(5001n);
    // 1,000,001 µ-lamports is 1.000001 lamports: 2.
    expect(
      transactionFee({
        signatures: 0,
        computeUnitLimit: 1_000_001n,
        microLamportsPerComputeUnit: 1n,
      }),
    ).toBe(2n);
  });

  it("prices the spec's default distribution: 34 recipients at 30,000 units each plus 50,000", () => {
    const computeUnitLimit = 30_000n * 34n + 50_000n;
    // 1,070,000 × 5,000 = 5,350,000,000 µ-lamports = 5,350 lamports.
    expect(
      transactionFee({ signatures: 1, computeUnitLimit, microLamportsPerComputeUnit: 5000n }),
    ).toBe(10_350n);
  });

  it('refuses negative or fractional inputs', () => {
    const base = { signatures: 1, computeUnitLimit: 1n, microLamportsPerComputeUnit: 1n };
    expect(() => transactionFee({ ...base, signatures: -1 })).toThrow(RangeError);
    expect(() => transactionFee({ ...base, signatures: 0.5 })).toThrow(RangeError);
    expect(() => transactionFee({ ...base, computeUnitLimit: -1n })).toThrow(RangeError);
    expect(() => transactionFee({ ...base, microLamportsPerComputeUnit: -1n })).toThrow(RangeError);
  });
});

describe('The compute-unit limit from a simulation', () => {
  it('is the units consumed plus 10 %, rounded up', () => {
    expect(computeUnitLimitFromSimulation(0n)).toBe(0n);
    expect(computeUnitLimitFromSimulation(100n)).toBe(110n);
    // 101 × 1.1 = 111.1.
    expect(computeUnitLimitFromSimulation(101n)).toBe(112n);
    expect(computeUnitLimitFromSimulation(150n)).toBe(165n);
    expect(computeUnitLimitFromSimulation(1_000_000n)).toBe(1_100_000n);
  });

  it('stops at the runtime maximum of 1,400,000, which a larger request would be refused for', () => {
    // 1,272,727 × 1.1 = 1,399,999.7 rounds up to the maximum; one more unit would pass it.
    expect(computeUnitLimitFromSimulation(1_272_727n)).toBe(1_400_000n);
    expect(computeUnitLimitFromSimulation(1_272_728n)).toBe(1_400_000n);
    expect(computeUnitLimitFromSimulation(2_000_000n)).toBe(1_400_000n);
  });

  it('refuses a negative count', () => {
    expect(() => computeUnitLimitFromSimulation(-1n)).toThrow(RangeError);
  });
});
