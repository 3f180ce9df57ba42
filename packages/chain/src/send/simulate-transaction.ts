import { computeUnitLimitFromSimulation, err, FleetError, ok, type Result } from '@fleet/core';
import type { Base64EncodedWireTransaction, Rpc, SimulateTransactionApi } from '@solana/kit';

import {
  probeInstructions,
  probeTransaction,
  type BuildTransactionInput,
} from './build-transaction';
import { transactionErrorReason } from './transaction-error-reason';

export interface SimulatedUnits {
  /** What the probe consumed at the largest limit. */
  readonly unitsConsumed: bigint;
  /** core's `computeUnitLimitFromSimulation`: 10 % above, at most 1,400,000. */
  readonly computeUnitLimit: bigint;
  readonly logs: readonly string[];
}

export type SimulationInput = Omit<BuildTransactionInput, 'computeBudget'> & {
  readonly microLamportsPerUnit?: bigint;
};

/**
 * Simulates a plan's unsigned probe (`sigVerify: false`, `replaceRecentBlockhash: true`) for the
 * compute units it consumes. A failed simulation is an expected answer (`TRANSFER__SIMULATION_FAILED`
 * with the chain's error); an RPC that does not answer throws the pool's coded error.
 */
export async function simulateComputeUnits(
  rpc: Rpc<SimulateTransactionApi>,
  input: SimulationInput,
): Promise<Result<SimulatedUnits, FleetError<'TRANSFER__SIMULATION_FAILED'>>> {
  return simulateProbe(rpc, probeTransaction(input));
}

/** The same for arbitrary instructions (a lookup table's create and extend), legacy. */
export async function simulateInstructionUnits(
  rpc: Rpc<SimulateTransactionApi>,
  input: Parameters<typeof probeInstructions>[0],
): Promise<Result<SimulatedUnits, FleetError<'TRANSFER__SIMULATION_FAILED'>>> {
  return simulateProbe(rpc, probeInstructions(input));
}

async function simulateProbe(
  rpc: Rpc<SimulateTransactionApi>,
  probe: Base64EncodedWireTransaction,
): Promise<Result<SimulatedUnits, FleetError<'TRANSFER__SIMULATION_FAILED'>>> {
  const { value } = await rpc
    .simulateTransaction(probe, {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: true,
      commitment: 'confirmed',
    })
    .send();
  const unitsConsumed = value.unitsConsumed ?? null;
  if (value.err !== null) {
    return err(
      new FleetError('TRANSFER__SIMULATION_FAILED', {
        reason: transactionErrorReason(value.err),
        unitsConsumed: unitsConsumed === null ? null : unitsConsumed.toString(),
      }),
    );
  }
  if (unitsConsumed === null) {
    return err(
      new FleetError('TRANSFER__SIMULATION_FAILED', {
        reason: 'the endpoint did not report the compute units consumed',
        unitsConsumed: null,
      }),
    );
  }
  return ok(
    Object.freeze({
      unitsConsumed,
      computeUnitLimit: computeUnitLimitFromSimulation(unitsConsumed),
      logs: Object.freeze([...(value.logs ?? [])]),
    }),
  );
}
