import { lamports, type Lamports } from '../primitives/lamports';
import { MAX_COMPUTE_UNIT_LIMIT } from './compute-budget';

/** The base fee: what every signature costs, whatever the transaction does. */
export const LAMPORTS_PER_SIGNATURE = 5000n;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

export interface TransactionFeeInput {
  readonly signatures: number;
  /** The limit the transaction requests (SetComputeUnitLimit), not what it will consume. */
  readonly computeUnitLimit: bigint;
  readonly microLamportsPerComputeUnit: bigint;
}

/**
 * The fee the fee payer is charged: 5000 lamports a signature plus the priority fee, which the
 * runtime prices on the requested limit (not the units used), rounded up to a whole lamport.
 */
export function transactionFee({
  signatures,
  computeUnitLimit,
  microLamportsPerComputeUnit,
}: TransactionFeeInput): Lamports {
  if (!Number.isInteger(signatures) || signatures < 0) {
    throw new RangeError(`A signature count is a whole number, got ${signatures}`);
  }
  if (computeUnitLimit < 0n || microLamportsPerComputeUnit < 0n) {
    throw new RangeError('A compute-unit limit and price cannot be negative');
  }
  const priority = ceilDiv(
    computeUnitLimit * microLamportsPerComputeUnit,
    MICRO_LAMPORTS_PER_LAMPORT,
  );
  return lamports(BigInt(signatures) * LAMPORTS_PER_SIGNATURE + priority);
}

/**
 * The limit to request after a simulation consumed `consumed` units: 10 % above it, rounded up,
 * so a slightly different state at execution does not run out, and never above 1,400,000: the
 * runtime cuts a larger request to that and prices the fee on it, so the fee computed here is
 * the fee charged.
 */
export function computeUnitLimitFromSimulation(consumed: bigint): bigint {
  if (consumed < 0n) throw new RangeError(`Consumed compute units cannot be negative: ${consumed}`);
  const limit = ceilDiv(consumed * 11n, 10n);
  const max = BigInt(MAX_COMPUTE_UNIT_LIMIT);
  return limit > max ? max : limit;
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/**
 * A fee shared out among the ids, in order: the same share each, and the lamports that do not
 * divide one apiece to the first ones, so that the shares sum to the fee exactly.
 */
export function splitFee(fee: bigint, ids: readonly string[]): ReadonlyMap<string, bigint> {
  const shares = new Map<string, bigint>();
  if (ids.length === 0) return shares;
  const count = BigInt(ids.length);
  const base = fee / count;
  const remainder = Number(fee % count);
  ids.forEach((id, index) => shares.set(id, base + (index < remainder ? 1n : 0n)));
  return shares;
}
