import type { ValuedAsset } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  burnPlanRequest,
  burnScopeText,
  changeBurnForm,
  INITIAL_BURN_FORM,
  initialBurnForm,
  mintFilterOptions,
  sameBurnRequest,
  thresholdError,
  unpricedMintOptions,
  type BurnForm,
  type BurnFormChange,
} from './burn-form';
import { burnPlanFixture } from './burn-plan-fixture';

const MINT_A = 'DustA11111111111111111111111111111111111111';
const MINT_B = 'DustB11111111111111111111111111111111111111';
const MINT_U = 'Unpr111111111111111111111111111111111111111';
const MINT_V = 'Unpr222222222222222222222222222222222222222';
const WALLET = 'Wa11et1111111111111111111111111111111111111';

const form = (...changes: BurnFormChange[]): BurnForm =>
  changes.reduce(changeBurnForm, INITIAL_BURN_FORM);

function asset(overrides: Partial<ValuedAsset>): ValuedAsset {
  return {
    mint: MINT_A,
    symbol: null,
    name: null,
    decimals: 6,
    holders: 3,
    instances: 3,
    instancesWithBalance: 3,
    amount: '1500000',
    status: 'priced',
    priceUsd: 0.1,
    valueUsd: 0.15,
    source: 'jupiter',
    reasons: [],
    ...overrides,
  };
}

describe('the burn form', () => {
  it('starts at dust below $1 of every mint, no unpriced mint, the rent to the master', () => {
    const result = burnPlanRequest(INITIAL_BURN_FORM, []);
    expect(result).toEqual({
      ok: true,
      request: {
        walletAddresses: [],
        threshold: { kind: 'usd', belowUsd: '1' },
        unpricedMints: [],
        rentDestination: 'master',
      },
    });
  });

  it('opens scoped to the mints the Tokens Overview selected, and to every mint when none is named', () => {
    expect(initialBurnForm(undefined)).toBe(INITIAL_BURN_FORM);
    expect(initialBurnForm([])).toBe(INITIAL_BURN_FORM);
    const result = burnPlanRequest(initialBurnForm([MINT_B, MINT_A]), []);
    expect(result.ok && result.request.tokenMints).toEqual([MINT_A, MINT_B]);
  });

  it('keeps a typed USD value to digits and one point, and a raw amount to digits', () => {
    expect(form({ type: 'below-usd', typed: '-0.5$0' }).belowUsd).toBe('0.50');
    expect(form({ type: 'below-usd', typed: '007.25.1' }).belowUsd).toBe('7.251');
    expect(form({ type: 'below-raw', typed: '-1,000.5' }).belowRaw).toBe('10005');
    expect(form({ type: 'below-raw', typed: '000' }).belowRaw).toBe('0');
  });

  it('refuses an empty, a zero or an oversized threshold with a reason', () => {
    expect(thresholdError(form({ type: 'below-usd', typed: '' }))).toBe('Enter a USD value');
    expect(thresholdError(form({ type: 'below-usd', typed: '0.00' }))).toBe(
      'The threshold must be above $0',
    );
    expect(thresholdError(form({ type: 'below-usd', typed: '1.' }))).toBeNull();
    expect(thresholdError(form({ type: 'below-usd', typed: '1234567890123456' }))).toBe(
      'Enter a USD value like 0.50',
    );
    const raw = { type: 'threshold-kind', kind: 'raw' } as const;
    expect(thresholdError(form(raw))).toBe('Enter a raw amount');
    expect(thresholdError(form(raw, { type: 'below-raw', typed: '0' }))).toBe(
      'The threshold must be above 0',
    );
    expect(thresholdError(form(raw, { type: 'below-raw', typed: '18446744073709551616' }))).toBe(
      'At most 18446744073709551615 raw units',
    );
    expect(burnPlanRequest(form(raw), [])).toEqual({ ok: false, error: 'Enter a raw amount' });
  });

  it('asks the raw threshold, the chosen mints and the picked unpriced mints, sorted', () => {
    const result = burnPlanRequest(
      form(
        { type: 'threshold-kind', kind: 'raw' },
        { type: 'below-raw', typed: '1000' },
        { type: 'mint-scope', scope: 'chosen' },
        { type: 'toggle-mint', mint: MINT_B },
        { type: 'toggle-mint', mint: MINT_A },
        { type: 'toggle-unpriced', mint: MINT_V },
        { type: 'toggle-unpriced', mint: MINT_U },
        { type: 'rent-destination', destination: 'owner' },
      ),
      [WALLET],
    );
    expect(result).toEqual({
      ok: true,
      request: {
        walletAddresses: [WALLET],
        tokenMints: [MINT_A, MINT_B],
        threshold: { kind: 'raw', belowRaw: '1000' },
        unpricedMints: [MINT_U, MINT_V],
        rentDestination: 'owner',
      },
    });
  });

  it('needs a mint when only chosen mints are burned, and unticks a mint ticked twice', () => {
    const chosen = form({ type: 'mint-scope', scope: 'chosen' });
    expect(burnPlanRequest(chosen, [])).toEqual({
      ok: false,
      error: 'Pick at least one mint, or burn dust of every mint',
    });
    const twice = changeBurnForm(changeBurnForm(chosen, { type: 'toggle-mint', mint: MINT_A }), {
      type: 'toggle-mint',
      mint: MINT_A,
    });
    expect(twice.chosenMints).toEqual([]);
  });

  it('tells a changed question from the one planned', () => {
    const planned = burnPlanRequest(INITIAL_BURN_FORM, []);
    const same = burnPlanRequest(form({ type: 'below-usd', typed: '1.' }), []);
    const other = burnPlanRequest(form({ type: 'below-usd', typed: '2' }), []);
    if (!planned.ok || !same.ok || !other.ok) throw new Error('expected plannable forms');
    expect(sameBurnRequest(planned.request, same.request)).toBe(true);
    expect(sameBurnRequest(planned.request, other.request)).toBe(false);
  });
});

describe('the mints the burn dialog offers', () => {
  const assets = [
    asset({ mint: MINT_A, symbol: 'DUSTA', holders: 1 }),
    asset({ mint: MINT_B, instancesWithBalance: 0, status: 'no-balance', valueUsd: 0 }),
    asset({
      mint: MINT_U,
      status: 'not-priced',
      priceUsd: null,
      valueUsd: null,
      source: null,
      amount: '2500000',
    }),
  ];

  it('filters by the held mints with their holders and value, keeping a chosen mint no longer held', () => {
    expect(mintFilterOptions(assets, [MINT_A, MINT_V])).toEqual([
      { mint: MINT_A, label: 'DUSTA', detail: '1 holder · $0.15', checked: true },
      { mint: MINT_U, label: 'Unpr…1111', detail: '3 holders · not priced', checked: false },
      { mint: MINT_V, label: 'Unpr…2222', detail: 'not held', checked: true },
    ]);
  });

  it('lists the unpriced mints of the valuation, then those the plan skipped as unpriced', () => {
    const base = burnPlanFixture();
    const unpriced = (tokenAccount: string, mint: string) => ({
      wallet: WALLET,
      tokenAccount,
      mint,
      program: 'token' as const,
      amount: '5',
      valueUsd: 'unpriced' as const,
      reason: 'unpriced' as const,
    });
    const plan = burnPlanFixture({
      skipped: [
        unpriced('acc1', MINT_V),
        unpriced('acc2', MINT_V),
        unpriced('acc3', MINT_U),
        ...base.skipped.filter((skip) => skip.reason !== 'unpriced'),
      ],
    });
    expect(unpricedMintOptions(assets, plan, [MINT_V])).toEqual([
      { mint: MINT_U, label: 'Unpr…1111', detail: '3 holders · 2.5 held', checked: false },
      {
        mint: MINT_V,
        label: 'Unpr…2222',
        detail: '2 account(s) skipped as unpriced',
        checked: true,
      },
    ]);
    expect(unpricedMintOptions([], undefined, [MINT_A])).toEqual([
      { mint: MINT_A, label: 'Dust…1111', detail: 'picked', checked: true },
    ]);
  });

  it('names the scope in the description', () => {
    expect(burnScopeText([])).toMatch(/^Every active wallet: /);
    expect(burnScopeText([WALLET, WALLET])).toMatch(/^2 selected wallet\(s\): /);
  });
});
