import { simulateInstructionUnits, type EndpointPool } from '@fleet/chain';
import {
  computeUnitLimitFromSimulation,
  createLookupTableInstruction,
  extendLookupTableInstruction,
  lookupTableAddress,
  packTransfersWithTables,
  planLookupTableSetup,
  type Address,
  type ExistingLookupTable,
  type Lamports,
  type LookupTableInput,
  type LookupTableSetupPlan,
  type PlannedTransfer,
  type SetupTableRef,
} from '@fleet/core';

/** What a create and an extension of a full chunk consume, simulated against the chain now. */
export interface SetupUnits {
  readonly create: bigint;
  readonly extend: bigint;
}

/**
 * Simulates a create of a table by `master`, then the same create followed by an extension of
 * one address, then by one of `sample` less one (the create's 20 bytes take the last address's
 * room): the extension's cost is the line through those two, taken at a full chunk. The create
 * names the finalized slot, which the SlotHashes sysvar holds, as a real create will. When the
 * chain refuses a probe (a master without SOL, say) the plan has no lookup-table variant, with
 * the reason, rather than a guessed one.
 */
export async function measureSetupUnits(
  pool: EndpointPool,
  master: Address,
  sample: readonly Address[],
  microLamportsPerUnit: bigint,
): Promise<{ readonly units: SetupUnits } | { readonly unavailable: string }> {
  if (sample.length < 3) return { unavailable: 'too few addresses to measure an extension' };
  try {
    const recentSlot = await pool.rpc.getSlot({ commitment: 'finalized' }).send();
    const { instruction: create, tableAddress } = createLookupTableInstruction({
      authority: master,
      payer: master,
      recentSlot,
    });
    const consumed = async (extended: readonly Address[]): Promise<bigint | string> => {
      const instructions = [create];
      if (extended.length > 0) {
        instructions.push(
          extendLookupTableInstruction({
            table: tableAddress,
            authority: master,
            payer: master,
            addresses: extended,
          }),
        );
      }
      const simulated = await simulateInstructionUnits(pool.rpc, {
        feePayer: master,
        instructions,
        microLamportsPerUnit,
      });
      return simulated.ok ? simulated.value.unitsConsumed : simulated.error.message;
    };
    const alone = await consumed([]);
    const one = await consumed(sample.slice(0, 1));
    const many = await consumed(sample.slice(0, sample.length - 1));
    if (typeof alone === 'string') return { unavailable: alone };
    if (typeof one === 'string') return { unavailable: one };
    if (typeof many === 'string') return { unavailable: many };
    const perAddress = (many - one) / BigInt(sample.length - 2);
    return {
      units: {
        create: alone,
        extend: one - alone + perAddress * BigInt(sample.length - 1),
      },
    };
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
}

/** The limit every setup transaction requests: 10 % above the dearer of the two. */
export function setupUnitLimit(units: SetupUnits): bigint {
  return computeUnitLimitFromSimulation(units.create > units.extend ? units.create : units.extend);
}

export interface TablePacking {
  readonly setup: LookupTableSetupPlan;
  /** For each chunk `pack` last returned: the table it loads from, or null (legacy). */
  readonly refs: () => readonly (SetupTableRef | null)[];
  /** The exact size of each chunk `pack` last returned. */
  readonly sizes: () => readonly number[];
  /** Core's `packing`: v0 through one table per transaction, legacy for the rest. */
  readonly pack: (transfers: readonly PlannedTransfer[]) => readonly (readonly PlannedTransfer[])[];
}

/**
 * How a distribution from `master` packs when its recipients sit in the tenant's tables: the
 * setup that puts every missing recipient in a table (fills of existing tables, then new ones),
 * and a packing that loads each transaction's recipients from the table that will hold them.
 * New tables have no address before their create lands; a stand-in of the same size is packed
 * against (every address weighs 32 bytes, every index one byte).
 */
export function tablePacking(input: {
  readonly master: Address;
  readonly tables: readonly ExistingLookupTable[];
  readonly wanted: readonly Address[];
  readonly setupUnitLimit: bigint;
  readonly microLamportsPerUnit: bigint;
}): TablePacking {
  const setup = planLookupTableSetup({
    tables: input.tables,
    wanted: input.wanted,
    authority: input.master,
    payer: input.master,
    computeBudget: {
      unitLimit: input.setupUnitLimit,
      microLamportsPerUnit: input.microLamportsPerUnit,
    },
  });
  const projected: { readonly ref: SetupTableRef; readonly table: LookupTableInput }[] = [
    ...input.tables.map((table) => ({
      ref: { existing: table.address },
      table: {
        tableAddress: table.address,
        addresses: [
          ...table.addresses,
          ...(setup.fills.find((fill) => fill.table === table.address)?.addresses ?? []),
        ],
      },
    })),
    ...setup.newTables.map((table, index) => ({
      ref: { newTable: index },
      table: {
        tableAddress: lookupTableAddress(input.master, BigInt(index)).address,
        addresses: table.addresses,
      },
    })),
  ];
  const holders = projected.map((entry) => new Set(entry.table.addresses));
  let refs: (SetupTableRef | null)[] = [];
  let sizes: number[] = [];
  return {
    setup,
    refs: () => refs,
    sizes: () => sizes,
    pack(transfers) {
      const packed = packTransfersWithTables({
        feePayer: input.master,
        transfers: transfers.map((transfer, index) => ({
          itemId: String(index),
          from: transfer.from as Address,
          to: transfer.to as Address,
          lamports: transfer.amount,
        })),
        tables: projected.map((entry) => entry.table),
        computeBudget: true,
      });
      if (!packed.ok) throw new RangeError(packed.error.message);
      refs = packed.value.map((planned) => {
        if (planned.version === 'legacy') return null;
        const first = planned.transfers[0]?.to;
        const index = holders.findIndex((holder) => first !== undefined && holder.has(first));
        return projected[index]?.ref ?? null;
      });
      sizes = packed.value.map((planned) => planned.size);
      return packed.value.map((planned) =>
        planned.transfers.map((transfer) => transfers[Number(transfer.itemId)] as PlannedTransfer),
      );
    },
  };
}

/** The setup's fees and rent, which the master pays besides the distribution itself. */
export function setupSpend(setup: LookupTableSetupPlan): Lamports {
  return (setup.fees + setup.rent) as Lamports;
}
