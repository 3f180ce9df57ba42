// The fee Agave charges: 5,000 lamports per signature plus the prioritization fee
// (compute-unit price in micro-lamports × compute-unit limit, rounded up).

import { COMPUTE_BUDGET_PROGRAM } from './program-ids.js';
import type { WireTransaction } from './wire-transaction.js';

export const LAMPORTS_PER_SIGNATURE = 5_000n;
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;

export interface ComputeBudgetRequest {
  readonly unitLimit: bigint;
  /** Micro-lamports per compute unit. */
  readonly unitPrice: bigint;
}

export function computeBudgetOf(tx: WireTransaction): ComputeBudgetRequest {
  let unitLimit: bigint | null = null;
  let unitPrice = 0n;
  let otherInstructions = 0n;
  for (const ix of tx.instructions) {
    if (tx.staticKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions++;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) unitPrice = view.getBigUint64(1, true);
  }
  const limit = unitLimit ?? otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION;
  return { unitLimit: limit > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : limit, unitPrice };
}

export function feeOf(tx: WireTransaction): bigint {
  const { unitLimit, unitPrice } = computeBudgetOf(tx);
  const priority = (unitPrice * unitLimit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(tx.header.numRequiredSignatures) + priority;
}
