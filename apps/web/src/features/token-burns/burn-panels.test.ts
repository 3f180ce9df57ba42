import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { INITIAL_BURN_FORM } from './burn-form';
import { BurnFormPanel } from './burn-form-panel';
import { burnPlanFixture, FIXTURE_DUST_MINT } from './burn-plan-fixture';
import { BurnPlanPanel } from './burn-plan-panel';
import { BurnProgressPanel } from './burn-progress-panel';
import { burnRunReducer, IDLE_BURN_RUN } from './burn-run';

describe('the Burn Dust dialog’s panels', () => {
  it('asks the threshold in USD by default and lists the unpriced mints to pick', () => {
    const html = renderStatic(
      createElement(BurnFormPanel, {
        form: INITIAL_BURN_FORM,
        onChange: () => undefined,
        mintOptions: [],
        unpricedOptions: [
          { mint: FIXTURE_DUST_MINT, label: 'MEME', detail: '2 holders · 5 held', checked: true },
        ],
        loadingMints: false,
      }),
    );
    expect(html).toContain('Below (USD)');
    expect(html).toContain('value="1"');
    expect(html).toContain('Unpriced tokens to burn as dust');
    expect(html).toContain('MEME');
    expect(html).toContain('checked=""');
    expect(html).not.toContain('Mints to burn');
  });

  it('shows the plan’s figures and its mint, wallet and skipped tables', () => {
    const html = renderStatic(
      createElement(BurnPlanPanel, {
        plan: burnPlanFixture(),
        assets: [],
      }),
    );
    for (const text of [
      'Accounts to burn',
      '$0.0042',
      '1 above threshold · 1 unpriced',
      '0.004078 SOL',
      'aria-label="Burned mints"',
      'aria-label="Wallets"',
      'aria-label="Skipped accounts"',
      'above threshold',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('shows spec 2 §3’s burn statistics and the log while the burn runs', () => {
    const state = [
      { type: 'confirmed' } as const,
      {
        type: 'event',
        event: {
          event: 'start',
          data: { totalWallets: 3, jobId: '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7' },
        },
      } as const,
    ].reduce(burnRunReducer, IDLE_BURN_RUN);
    const html = renderStatic(createElement(BurnProgressPanel, { state }));
    expect(html).toContain('0 / 3 wallets');
    expect(html).toContain('data-total="burned"');
    expect(html).toContain('data-total="profit"');
    expect(html).toContain('Burning the dust of 3 wallet(s)');
  });
});
