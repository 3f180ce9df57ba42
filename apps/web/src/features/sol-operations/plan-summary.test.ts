import type { PlanTransactionView, SolPlanView } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  balanceRows,
  blockingMessages,
  canConfirmPlan,
  noKeyBanner,
  notReadyReason,
  planCostLines,
  skippedLines,
  transactionsText,
  twoHopLegs,
} from './plan-summary';

const costs = {
  transactions: 2,
  networkFeeLamports: '10000',
  priorityFeeLamports: '300',
  lookupTableFeeLamports: '0',
  lookupTableRentLamports: '0',
  feePerWalletLamports: '103',
  totalFeeLamports: '10300',
};

const tx = (
  leg: 'direct' | 'firstHop' | 'secondHop',
  version: 'legacy' | 'v0' = 'legacy',
): PlanTransactionView => ({
  leg,
  version,
  feePayer: 'Master',
  signers: 1,
  transfers: 1,
  sizeBytes: 200,
  computeUnitLimit: 500,
  networkFeeLamports: '5000',
  priorityFeeLamports: '100',
});

/** A transaction that creates or extends a lookup table. */
const setup = (): PlanTransactionView => ({ ...tx('direct'), leg: 'lookupTable', transfers: 0 });

function plan(overrides: Partial<SolPlanView> = {}): SolPlanView {
  return {
    planId: '00000000-0000-4000-8000-000000000001',
    kind: 'sol.distribute',
    createdAt: '2025-01-01T00:00:00Z',
    expiresAt: '2025-01-01T00:05:00Z',
    ready: true,
    masterAddress: 'Master',
    feeStrategy: null,
    amountLamports: '2000000000',
    costs,
    comparison: null,
    transactions: [tx('direct'), tx('direct')],
    wallets: [
      {
        address: 'R1',
        walletId: null,
        role: 'recipient',
        amountLamports: '1000000000',
        beforeLamports: '0',
        afterLamports: '1000000000',
      },
      {
        address: 'Master',
        walletId: null,
        role: 'master',
        amountLamports: '0',
        beforeLamports: '5000000000',
        afterLamports: '2999989700',
      },
    ],
    skipped: [],
    problems: [],
    ...overrides,
  };
}

describe('the plan summary', () => {
  it('lists the amount with 6 decimals, the fees to the lamport and what the master spends', () => {
    expect(planCostLines(plan())).toEqual([
      { label: 'Amount', value: '2.000000 SOL' },
      { label: 'Transactions', value: '2' },
      { label: 'Network fees', value: '0.00001 SOL' },
      { label: 'Priority fees', value: '0.0000003 SOL' },
      { label: 'Total fees', value: '0.0000103 SOL' },
      { label: 'Fee per wallet', value: '103 lamports' },
      { label: 'Master spends', value: '2.0000103 SOL' },
    ]);
  });

  it('says what the master spends for a distribution only', () => {
    const labels = (kind: SolPlanView['kind']) =>
      planCostLines(plan({ kind })).map((line) => line.label);
    expect(labels('sol.aggregate')).not.toContain('Master spends');
    expect(labels('sol.double_distribution')).not.toContain('Master spends');
  });

  it("adds the lookup tables' fees to the fees and their rent to what the master spends, as a recoverable deposit", () => {
    const lines = planCostLines(
      plan({
        costs: {
          ...costs,
          transactions: 3,
          lookupTableFeeLamports: '10000',
          lookupTableRentLamports: '7962880',
          totalFeeLamports: '20300',
          feePerWalletLamports: '203',
        },
        transactions: [setup(), setup(), tx('direct', 'v0')],
      }),
    );
    expect(lines).toEqual([
      { label: 'Amount', value: '2.000000 SOL' },
      { label: 'Transactions', value: '3 (2 lookup-table setup, 1 v0)' },
      { label: 'Network fees', value: '0.00001 SOL' },
      { label: 'Priority fees', value: '0.0000003 SOL' },
      { label: 'Lookup-table fees', value: '0.00001 SOL' },
      { label: 'Total fees', value: '0.0000203 SOL' },
      { label: 'Fee per wallet', value: '203 lamports' },
      {
        label: 'Lookup-table rent',
        value: '0.00796288 SOL',
        note: 'A deposit the master pays: recoverable by closing the tables, and not counted in the fees.',
      },
      {
        label: 'Master spends',
        value: '2.00798318 SOL',
        note: 'The amount, the fees and the rent deposit.',
      },
    ]);
  });

  it('counts lookup-table setup, v0 and legacy transactions when the plan goes through tables', () => {
    expect(transactionsText(plan())).toBe('2');
    expect(
      transactionsText(
        plan({
          costs: { ...costs, transactions: 4 },
          transactions: [setup(), tx('direct', 'v0'), tx('direct', 'v0'), tx('direct')],
        }),
      ),
    ).toBe('4 (1 lookup-table setup, 2 v0, 1 legacy)');
    // A fleet already in the tables: v0 transfers with no setup.
    expect(
      transactionsText(
        plan({ costs: { ...costs, transactions: 1 }, transactions: [tx('direct', 'v0')] }),
      ),
    ).toBe('1 (1 v0)');
  });

  it('puts the master first in the after-balances and caps the list', () => {
    const { rows, hidden } = balanceRows(plan(), 1);
    expect(rows.map((row) => row.role)).toEqual(['master']);
    expect(rows[0]?.after).toBe('2.999989 SOL');
    expect(hidden).toBe(1);
  });

  it('counts the wallets skipped for a missing key in the spec words', () => {
    const skipped = [
      { address: 'A', walletId: null, reason: 'noPrivateKey' as const },
      { address: 'B', walletId: null, reason: 'noPrivateKey' as const },
      { address: 'C', walletId: null, reason: 'emptyWallet' as const },
    ];
    expect(noKeyBanner(plan({ skipped }))).toBe(
      '2 wallet(s) skipped because no private key is available',
    );
    expect(noKeyBanner(plan())).toBeNull();
    expect(skippedLines(plan({ skipped }))).toEqual([
      '2 wallet(s) skipped: no private key',
      '1 wallet(s) skipped: holds no SOL',
    ]);
  });

  it('keeps Confirm off while a blocking problem stands, and says why', () => {
    const blocked = plan({
      ready: false,
      problems: [
        { code: 'MASTER_SHORT', message: 'Master wallet short', address: null, blocking: true },
        { code: 'RENT', message: 'Below rent', address: 'R1', blocking: false },
      ],
    });
    expect(canConfirmPlan(blocked)).toBe(false);
    expect(blockingMessages(blocked)).toEqual(['Master wallet short']);
    expect(canConfirmPlan(plan())).toBe(true);
    expect(canConfirmPlan(plan({ amountLamports: '0' }))).toBe(false);
  });

  it('says why Confirm is off when the plan has nothing to send and no problem blocks', () => {
    const nothing = { ready: false, amountLamports: '0', transactions: [], wallets: [] };
    expect(notReadyReason(plan())).toBeNull();
    expect(
      notReadyReason(
        plan({
          ...nothing,
          skipped: [
            { address: 'A', walletId: null, reason: 'zeroAmount' },
            { address: 'B', walletId: null, reason: 'zeroAmount' },
            { address: 'C', walletId: null, reason: 'master' },
          ],
        }),
      ),
    ).toBe(
      'Nothing to send, so Confirm is off: all 3 wallet(s) were skipped (2 × amount is 0, 1 × is the master wallet).',
    );
    expect(
      notReadyReason(
        plan({
          ...nothing,
          kind: 'sol.aggregate',
          skipped: [{ address: 'A', walletId: null, reason: 'emptyWallet' }],
        }),
      ),
    ).toBe(
      'No SOL available to withdraw, so Confirm is off: all 1 wallet(s) were skipped (1 × holds no SOL).',
    );
    expect(notReadyReason(plan(nothing))).toBe(
      'Nothing to send, so Confirm is off: no wallet in the plan has an amount to move.',
    );
  });

  it('leaves the reason to a blocking problem when there is one', () => {
    const blocked = plan({
      ready: false,
      problems: [{ code: 'SHORT', message: 'Master wallet short', address: null, blocking: true }],
    });
    expect(notReadyReason(blocked)).toBeNull();
    expect(notReadyReason(plan({ ready: false }))).toBe(
      'This plan is not ready to run, so Confirm is off: review it again.',
    );
  });

  it('adds up both legs of a two-hop plan', () => {
    const legs = twoHopLegs(
      plan({
        transactions: [tx('firstHop'), tx('secondHop'), tx('secondHop')],
        wallets: [
          { ...plan().wallets[0]!, role: 'middleman' },
          { ...plan().wallets[0]!, role: 'middleman' },
        ],
      }),
    );
    expect(legs).toEqual({
      middlemen: 2,
      firstHopFee: '0.0000051 SOL',
      secondHopFee: '0.0000102 SOL',
    });
  });
});
