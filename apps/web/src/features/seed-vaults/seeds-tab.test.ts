import type { SeedGroup, SlimWallet } from '@fleet/core';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { seedGroupsQueryKey } from '../import/import-api';
import { SeedControlCenter, SeedsTab } from './seeds-tab';

const seed: SeedGroup = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  label: 'Cold seed',
  seedFingerprint: 'f00dfeed'.repeat(8),
  derivationScheme: 'bip44-change',
  walletCount: 1,
  createdAt: '2026-11-01T00:00:00Z',
};

const wallet: SlimWallet = {
  id: '11111111-1111-4111-8111-111111111111',
  address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  name: null,
  lamports: '2500000000',
  tokenStats: { total: 0, withBalance: 0, zeroBalance: 0 },
  isTrader: false,
  isMasterWallet: false,
  importStatus: null,
  importBatchId: null,
  sourceKind: 'seed',
  sourceId: seed.id,
  sourceLabel: 'Cold seed',
  tagIds: [],
  groupIds: [],
  poolCreator: false,
  tokensValueUsd: null,
  lastScannedAt: null,
  createdAt: '2026-11-02T00:00:00Z',
};

describe('Seeds tab', () => {
  it('shows the summary cards and a roster row with value, Toggle and Rename', () => {
    const html = renderStatic(
      createElement(SeedControlCenter, {
        groups: [seed],
        wallets: [wallet],
        valuesLoaded: true,
        solPriceUsd: null,
        unit: 'sol',
        hideBalances: false,
      }),
    );
    for (const text of ['Seed vaults', 'Seed wallets', 'Seed value', 'USD —', 'Cold seed']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('2.5000 SOL');
    expect(html).toContain('Toggle');
    expect(html).toContain('Rename');
    expect(html).toContain('Last activity');
  });

  it("shows the seed value in USD once the wallets' values have a SOL price", () => {
    const html = renderStatic(
      createElement(SeedControlCenter, {
        groups: [seed],
        wallets: [wallet],
        valuesLoaded: true,
        solPriceUsd: 100,
        unit: 'sol',
        hideBalances: false,
      }),
    );
    // 2.5 SOL at $100, no tokens: on the card and in the roster row.
    expect(html).toContain('USD $250.00');
    expect(html.split('$250.00').length - 1).toBe(2);
  });

  it('hides values as *** when balances are hidden', () => {
    const html = renderStatic(
      createElement(SeedControlCenter, {
        groups: [seed],
        wallets: [wallet],
        valuesLoaded: true,
        solPriceUsd: 100,
        unit: 'lamports',
        hideBalances: true,
      }),
    );
    expect(html).toContain('***');
    expect(html).not.toContain('2,500,000,000');
    expect(html).not.toContain('$250.00');
  });

  it('asks for a seed import when there are no seed vaults', () => {
    const html = renderStatic(createElement(SeedsTab, { wallets: [] }), [
      [seedGroupsQueryKey, { groups: [], fingerprintSalt: '00' }],
    ]);
    expect(html).toContain('No seed vaults yet');
  });
});
