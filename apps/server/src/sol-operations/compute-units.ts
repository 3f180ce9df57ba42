import { simulateComputeUnits, type EndpointPool } from '@fleet/chain';
import {
  computeUnitLimitFromSimulation,
  packTransfers,
  transactionFee,
  type Address,
  type Lamports,
  type TransferItem,
} from '@fleet/core';

/**
 * What a system transfer and a compute-budget instruction each consume. Used only when a probe
 * cannot be simulated (a two-hop's middleman does not exist before its first leg lands): the
 * runtime charges these flat, so the model and a simulation agree (issue 17's measurements).
 */
const UNITS_PER_INSTRUCTION = 150n;

/** How compute units grow with the transfers of one transaction: `base + perTransfer × n`. */
export interface ComputeUnitModel {
  readonly base: bigint;
  readonly perTransfer: bigint;
  /** `simulation` when both probes were simulated, `model` when the flat costs were used. */
  readonly source: 'simulation' | 'model';
}

const FLAT_MODEL: ComputeUnitModel = {
  base: 2n * UNITS_PER_INSTRUCTION,
  perTransfer: UNITS_PER_INSTRUCTION,
  source: 'model',
};

/**
 * Measures the compute units of transfers from `feePayer` by simulating two unsigned probes (one
 * transfer, and `transfers` of them) and fitting the line through them: the "the limit
 * comes from simulation (+10 %)" for every size of transaction the plan holds, in two RPC calls.
 */
export async function measureComputeUnits(
  pool: EndpointPool,
  feePayer: string,
  probes: readonly TransferItem[],
  microLamportsPerUnit: bigint,
): Promise<ComputeUnitModel> {
  if (probes.length === 0) return FLAT_MODEL;
  const consumed = async (transfers: readonly TransferItem[]): Promise<bigint | null> => {
    const packed = packTransfers({
      feePayer: feePayer as Address,
      transfers,
      version: 'legacy',
      computeBudget: true,
    });
    if (!packed.ok || packed.value.length !== 1 || !packed.value[0]) return null;
    const simulated = await simulateComputeUnits(pool.rpc, {
      planned: packed.value[0],
      lifetime: { blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 0n },
      microLamportsPerUnit,
    });
    return simulated.ok ? simulated.value.unitsConsumed : null;
  };
  const one = await consumed(probes.slice(0, 1));
  if (one === null) return FLAT_MODEL;
  if (probes.length === 1)
    return {
      base: one - FLAT_MODEL.perTransfer,
      perTransfer: FLAT_MODEL.perTransfer,
      source: 'simulation',
    };
  const many = await consumed(probes);
  if (many === null) return FLAT_MODEL;
  const perTransfer = (many - one) / BigInt(probes.length - 1);
  return { base: one - perTransfer, perTransfer, source: 'simulation' };
}

/** The model a plan stored in its build; the flat one for builds stored before it did. */
export function storedComputeUnitModel(
  stored: { readonly base: string; readonly perTransfer: string } | undefined,
): ComputeUnitModel {
  if (stored === undefined) return FLAT_MODEL;
  return {
    base: BigInt(stored.base),
    perTransfer: BigInt(stored.perTransfer),
    source: 'simulation',
  };
}

export function flatComputeUnitModel(): ComputeUnitModel {
  return FLAT_MODEL;
}

/** The limit a transaction of `transfers` requests: 10 % above what the model says it consumes. */
export function computeUnitLimitFor(model: ComputeUnitModel, transfers: number): bigint {
  return computeUnitLimitFromSimulation(model.base + model.perTransfer * BigInt(transfers));
}

export interface TransactionCost {
  readonly computeUnitLimit: bigint;
  readonly networkFee: Lamports;
  readonly priorityFee: Lamports;
  readonly fee: Lamports;
}

/** The fee of a transaction: 5,000 a signature plus the unit price on the requested limit. */
export function transactionCost(
  model: ComputeUnitModel,
  shape: { readonly signers: number; readonly transfers: number },
  microLamportsPerUnit: bigint,
): TransactionCost {
  const computeUnitLimit = computeUnitLimitFor(model, shape.transfers);
  const networkFee = transactionFee({
    signatures: shape.signers,
    computeUnitLimit: 0n,
    microLamportsPerComputeUnit: 0n,
  });
  const fee = transactionFee({
    signatures: shape.signers,
    computeUnitLimit,
    microLamportsPerComputeUnit: microLamportsPerUnit,
  });
  return {
    computeUnitLimit,
    networkFee,
    priorityFee: (fee - networkFee) as Lamports,
    fee,
  };
}
