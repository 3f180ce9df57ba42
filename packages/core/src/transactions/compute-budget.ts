import type { Address } from '../primitives/address';
import { U64_MAX } from '../primitives/u64';
import type { Instruction, InstructionShape } from './instruction';

export const COMPUTE_BUDGET_PROGRAM_ADDRESS =
  'ComputeBudget111111111111111111111111111111' as Address;

/** The runtime's ceiling on a transaction's compute units; it cuts a larger request to this. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;

const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

/** u8 discriminator + u32 units. */
export const SET_COMPUTE_UNIT_LIMIT_DATA_LENGTH = 5;
/** u8 discriminator + u64 micro-lamports per compute unit. */
export const SET_COMPUTE_UNIT_PRICE_DATA_LENGTH = 9;

function computeBudgetShape(dataLength: number): InstructionShape {
  // Neither instruction takes an account: the runtime reads them before executing anything.
  return Object.freeze({
    programAddress: COMPUTE_BUDGET_PROGRAM_ADDRESS,
    accounts: Object.freeze([]),
    dataLength,
  });
}

/** The two instructions a transaction with a priority fee carries: limit, then price. */
export function computeBudgetShapes(): readonly InstructionShape[] {
  return Object.freeze([
    computeBudgetShape(SET_COMPUTE_UNIT_LIMIT_DATA_LENGTH),
    computeBudgetShape(SET_COMPUTE_UNIT_PRICE_DATA_LENGTH),
  ]);
}

export function setComputeUnitLimitInstruction(units: number): Instruction {
  if (!Number.isInteger(units) || units < 0 || units > MAX_COMPUTE_UNIT_LIMIT) {
    throw new RangeError(
      `A compute-unit limit is a whole number from 0 to ${MAX_COMPUTE_UNIT_LIMIT}, got ${units}`,
    );
  }
  const data = new Uint8Array(SET_COMPUTE_UNIT_LIMIT_DATA_LENGTH);
  data[0] = SET_COMPUTE_UNIT_LIMIT;
  new DataView(data.buffer).setUint32(1, units, true);
  return Object.freeze({ programAddress: COMPUTE_BUDGET_PROGRAM_ADDRESS, accounts: [], data });
}

export function setComputeUnitPriceInstruction(microLamportsPerComputeUnit: bigint): Instruction {
  if (microLamportsPerComputeUnit < 0n || microLamportsPerComputeUnit > U64_MAX) {
    throw new RangeError(
      `A compute-unit price is 0 to ${U64_MAX} micro-lamports, got ${microLamportsPerComputeUnit}`,
    );
  }
  const data = new Uint8Array(SET_COMPUTE_UNIT_PRICE_DATA_LENGTH);
  data[0] = SET_COMPUTE_UNIT_PRICE;
  new DataView(data.buffer).setBigUint64(1, microLamportsPerComputeUnit, true);
  return Object.freeze({ programAddress: COMPUTE_BUDGET_PROGRAM_ADDRESS, accounts: [], data });
}
