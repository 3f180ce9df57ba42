import type { SolPlanView } from '@fleet/core';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { PlanView } from './plan-view';

const costs = {
  transactions: 2,
  networkFeeLamports: '10000',
  priorityFeeLamports: '2000',
  lookupTableFeeLamports: '0',
  lookupTableRentLamports: '0',
  feePerWalletLamports: '400',
  totalFeeLamports: '12000',
};

const plan: SolPlanView = {
  planId: 'a'.repeat(64),
  kind: 'sol.distribute',
  createdAt: '2025-01-01T00:00:00Z',
  expiresAt: '2025-01-01T00:05:00Z',
  ready: true,
  masterAddress: 'Master',
  feeStrategy: null,
  amountLamports: '300000000',
  costs,
  comparison: {
    chosen: 'legacy',
    legacy: costs,
    lookupTable: {
      ...costs,
      transactions: 3,
      lookupTableFeeLamports: '10400',
      lookupTableRentLamports: '7962880',
      totalFeeLamports: '16900',
      feePerWalletLamports: '563',
      tablesToCreate: 1,
      addressesToAdd: 30,
    },
  },
  transactions: [],
  wallets: [],
  skipped: [],
  problems: [],
};

describe('the plan view', () => {
  it('draws the comparison with the chosen way marked, and the verdict', () => {
    const html = renderStatic(createElement(PlanView, { plan }));
    expect(html).toContain('aria-label="Lookup-table comparison"');
    expect(html).toMatch(/<th scope="col"[^>]*>Legacy <span[^>]*>chosen<\/span><\/th>/);
    expect(html).toMatch(/<th scope="col"[^>]*>Lookup table<\/th>/);
    expect(html).toContain('Rent deposit (recoverable)');
    expect(html).toContain(
      'Legacy chosen: the lookup table would cost 0.0000049 SOL more in fees.',
    );
  });

  it('draws no comparison when the planner weighed one way only', () => {
    const html = renderStatic(createElement(PlanView, { plan: { ...plan, comparison: null } }));
    expect(html).not.toContain('Lookup-table comparison');
    expect(html).toContain('Master spends');
  });
});
