import type { LookupTableComparisonView, SolPlanView } from '@fleet/core';
import { feeSol, RENT_NOTE } from './plan-summary';

/**
 * A distribution's two ways of sending side by side (issue 17): legacy transactions against v0
 * ones that load the recipients from the tenant's lookup tables, with what the tables cost to set
 * up and the rent they hold, and which way the plan took.
 */

export type SendingWay = LookupTableComparisonView['chosen'];

export const WAY_TITLES: Readonly<Record<SendingWay, string>> = {
  legacy: 'Legacy',
  lookupTable: 'Lookup table',
};

/** One figure for both ways; a figure that does not apply to a way reads "—". */
export interface ComparisonLine {
  readonly label: string;
  readonly legacy: string;
  readonly lookupTable: string;
}

export interface LookupTableComparison {
  readonly chosen: SendingWay;
  readonly lines: readonly ComparisonLine[];
  /** Which way the plan took and what the lookup table saves or costs in fees against legacy. */
  readonly verdict: string;
  /** The tables' rent, said to be a recoverable deposit; null when the tables need none. */
  readonly rentNote: string | null;
}

const NOT_APPLICABLE = '—';

const count = (n: number) => n.toLocaleString('en-US');
const perWallet = (lamports: string) => `${lamports} lamports`;

/** The comparison when the planner weighed both ways; null otherwise (Legacy chosen, a withdrawal). */
export function lookupTableComparison(plan: SolPlanView): LookupTableComparison | null {
  const comparison = plan.comparison;
  if (comparison === null) return null;
  const { legacy, lookupTable: table, chosen } = comparison;
  const rent = BigInt(table.lookupTableRentLamports);
  return {
    chosen,
    lines: [
      {
        label: 'Transactions',
        legacy: count(legacy.transactions),
        lookupTable: count(table.transactions),
      },
      {
        label: 'Tables to create',
        legacy: NOT_APPLICABLE,
        lookupTable: count(table.tablesToCreate),
      },
      {
        label: 'Addresses to add',
        legacy: NOT_APPLICABLE,
        lookupTable: count(table.addressesToAdd),
      },
      {
        label: 'Table setup fees',
        legacy: NOT_APPLICABLE,
        lookupTable: feeSol(table.lookupTableFeeLamports),
      },
      {
        label: 'Fees total',
        legacy: feeSol(legacy.totalFeeLamports),
        lookupTable: feeSol(table.totalFeeLamports),
      },
      {
        label: 'Fee per wallet',
        legacy: perWallet(legacy.feePerWalletLamports),
        lookupTable: perWallet(table.feePerWalletLamports),
      },
      {
        label: 'Rent deposit (recoverable)',
        legacy: NOT_APPLICABLE,
        lookupTable: feeSol(rent.toString()),
      },
    ],
    verdict: verdictOf(chosen, BigInt(table.totalFeeLamports) - BigInt(legacy.totalFeeLamports)),
    rentNote: rent === 0n ? null : rentNoteOf(chosen, rent),
  };
}

/** "Lookup table chosen: it saves 0.00004 SOL in fees." and the like. */
function verdictOf(chosen: SendingWay, tableMinusLegacy: bigint): string {
  const lead = `${WAY_TITLES[chosen]} chosen`;
  if (tableMinusLegacy === 0n) return `${lead}: both ways cost the same in fees.`;
  const difference = feeSol(
    (tableMinusLegacy < 0n ? -tableMinusLegacy : tableMinusLegacy).toString(),
  );
  const saves = tableMinusLegacy < 0n;
  if (chosen === 'lookupTable') {
    return saves
      ? `${lead}: it saves ${difference} in fees.`
      : `${lead}: it costs ${difference} more in fees than legacy.`;
  }
  return saves
    ? `${lead}: the lookup table would save ${difference} in fees.`
    : `${lead}: the lookup table would cost ${difference} more in fees.`;
}

function rentNoteOf(chosen: SendingWay, rent: bigint): string {
  const amount = feeSol(rent.toString());
  return chosen === 'lookupTable'
    ? `The master also deposits ${amount} of rent in the tables: ${RENT_NOTE}.`
    : `The lookup table would also take a ${amount} rent deposit from the master: ${RENT_NOTE}.`;
}
