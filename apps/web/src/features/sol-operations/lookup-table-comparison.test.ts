import type { LookupTableComparisonView, PlanCostsView, SolPlanView } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { lookupTableComparison } from './lookup-table-comparison';

const legacy: PlanCostsView = {
  transactions: 2,
  networkFeeLamports: '10000',
  priorityFeeLamports: '2000',
  lookupTableFeeLamports: '0',
  lookupTableRentLamports: '0',
  feePerWalletLamports: '400',
  totalFeeLamports: '12000',
};

/** A first run: one table to create for 30 wallets, dearer than legacy in fees. */
const firstRun: LookupTableComparisonView = {
  chosen: 'legacy',
  legacy,
  lookupTable: {
    transactions: 3,
    networkFeeLamports: '5000',
    priorityFeeLamports: '1500',
    lookupTableFeeLamports: '10400',
    lookupTableRentLamports: '7962880',
    feePerWalletLamports: '563',
    totalFeeLamports: '16900',
    tablesToCreate: 1,
    addressesToAdd: 30,
  },
};

/** A later run: the fleet already in the table, nothing to set up. */
const reused: LookupTableComparisonView = {
  chosen: 'lookupTable',
  legacy,
  lookupTable: {
    ...firstRun.lookupTable,
    transactions: 1,
    lookupTableFeeLamports: '0',
    lookupTableRentLamports: '0',
    feePerWalletLamports: '216',
    totalFeeLamports: '6500',
    tablesToCreate: 0,
    addressesToAdd: 0,
  },
};

const planWith = (comparison: LookupTableComparisonView | null): SolPlanView => ({
  planId: 'a'.repeat(64),
  kind: 'sol.distribute',
  createdAt: '2025-01-01T00:00:00Z',
  expiresAt: '2025-01-01T00:05:00Z',
  ready: true,
  masterAddress: 'Master',
  feeStrategy: null,
  amountLamports: '300000000',
  costs: legacy,
  comparison,
  transactions: [],
  wallets: [],
  skipped: [],
  problems: [],
});

describe('the lookup-table comparison', () => {
  it('is absent when the planner weighed one way only', () => {
    expect(lookupTableComparison(planWith(null))).toBeNull();
  });

  it('sets legacy beside the lookup table, figure by figure, "—" where a figure does not apply', () => {
    const view = lookupTableComparison(planWith(firstRun));
    expect(view?.chosen).toBe('legacy');
    expect(view?.lines.map((line) => [line.label, line.legacy, line.lookupTable])).toEqual([
      ['Transactions', '2', '3'],
      ['Tables to create', '—', '1'],
      ['Addresses to add', '—', '30'],
      ['Table setup fees', '—', '0.0000104 SOL'],
      ['Fees total', '0.000012 SOL', '0.0000169 SOL'],
      ['Fee per wallet', '400 lamports', '563 lamports'],
      ['Rent deposit (recoverable)', '—', '0.00796288 SOL'],
    ]);
  });

  it('says which way was chosen and what the table saves or costs in fees', () => {
    expect(lookupTableComparison(planWith(firstRun))?.verdict).toBe(
      'Legacy chosen: the lookup table would cost 0.0000049 SOL more in fees.',
    );
    expect(lookupTableComparison(planWith(reused))?.verdict).toBe(
      'Lookup table chosen: it saves 0.0000055 SOL in fees.',
    );
    // "Lookup table" asked for although it costs more.
    expect(lookupTableComparison(planWith({ ...firstRun, chosen: 'lookupTable' }))?.verdict).toBe(
      'Lookup table chosen: it costs 0.0000049 SOL more in fees than legacy.',
    );
    const even = { ...reused, lookupTable: { ...reused.lookupTable, totalFeeLamports: '12000' } };
    expect(lookupTableComparison(planWith(even))?.verdict).toBe(
      'Lookup table chosen: both ways cost the same in fees.',
    );
  });

  it('calls the rent a recoverable deposit, paid by the master when the table is taken', () => {
    expect(lookupTableComparison(planWith(firstRun))?.rentNote).toBe(
      'The lookup table would also take a 0.00796288 SOL rent deposit from the master: recoverable by closing the tables, and not counted in the fees.',
    );
    expect(lookupTableComparison(planWith({ ...firstRun, chosen: 'lookupTable' }))?.rentNote).toBe(
      'The master also deposits 0.00796288 SOL of rent in the tables: recoverable by closing the tables, and not counted in the fees.',
    );
    expect(lookupTableComparison(planWith(reused))?.rentNote).toBeNull();
  });
});
