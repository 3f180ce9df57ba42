import type { TokenHolder } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  holderGroupSummary,
  holderGroupText,
  holderRow,
  holdersTitle,
  HOLDERS_FETCH_FAILED_MESSAGE,
  NO_HOLDERS_MESSAGE,
} from './holders-view';

const WALLET = '9sBory5aFhsv9E3o8ZcFsZ4T9efGP8idVhRDUzdU5cgq';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const holder = (patch: Partial<TokenHolder> = {}): TokenHolder => ({
  id: 'w1',
  name: null,
  address: WALLET,
  amount_str: '1500000',
  decimals: 6,
  sol_balance: 1.5,
  lamports: '1500000000',
  is_master_wallet: false,
  is_trader: false,
  has_private_key: true,
  token_accounts: 1,
  groups: [],
  tags: [],
  ...patch,
});

describe('the holders dialog', () => {
  it('uses the spec’s words for an empty list and a failed call', () => {
    expect(NO_HOLDERS_MESSAGE).toBe('No holders found.');
    expect(HOLDERS_FETCH_FAILED_MESSAGE).toBe('Failed to fetch holders');
  });

  it('shows a holder’s amount with its decimals and its SOL from lamports, exactly', () => {
    const row = holderRow(
      holder({
        amount_str: '18446744073709551615',
        decimals: 9,
        lamports: '12345678901',
        is_master_wallet: true,
        is_trader: true,
        name: '  Treasury ',
        tags: [{ name: 'Whales', slug: 'whales' }],
      }),
    );
    expect(row).toMatchObject({
      amount: '18,446,744,073.709551',
      sol: '12.3456',
      isMaster: true,
      isTrader: true,
      canCopyKey: true,
      name: 'Treasury',
      tags: [{ name: 'Whales', slug: 'whales' }],
    });
    expect(row.addressShort).toBe('9sBo…5cgq');
    expect(holderRow(holder({ lamports: null, sol_balance: null, name: ' ' }))).toMatchObject({
      sol: '—',
      name: null,
    });
  });

  it('names a seed group as a seed, any other source as imported, a custom group by its name', () => {
    expect(holderGroupText({ id: 's', type: 'seed', label: null, name: 'Seed' })).toBe('Seed');
    expect(holderGroupText({ id: 's', type: 'seed', label: 'Vault A', name: 'Vault A' })).toBe(
      'Seed: Vault A',
    );
    expect(holderGroupText({ id: 'i', type: 'import', label: 'PK', name: 'Imported' })).toBe(
      'Imported',
    );
    expect(holderGroupText({ id: 'c', type: 'custom', label: null, name: 'Snipers' })).toBe(
      'Snipers',
    );
  });

  it('counts the holders by group, most first, every import batch as one line', () => {
    const seed = { id: 's1', type: 'seed' as const, label: 'Vault A', name: 'Vault A' };
    const custom = { id: 'c1', type: 'custom' as const, label: null, name: 'Snipers' };
    const summary = holderGroupSummary([
      holder({ id: 'a', groups: [seed, custom] }),
      holder({ id: 'b', groups: [seed] }),
      holder({ id: 'c', groups: [{ id: 'i1', type: 'import', label: 'PK', name: 'Imported' }] }),
      holder({ id: 'd', groups: [{ id: 'i2', type: 'import', label: 'PK', name: 'Imported' }] }),
      holder({ id: 'e', groups: [] }),
    ]);
    expect(summary.map((group) => [group.text, group.holders])).toEqual([
      ['Imported', 2],
      ['Seed: Vault A', 2],
      ['Snipers', 1],
    ]);
    expect(holderGroupSummary([])).toEqual([]);
  });

  it('titles the dialog with the symbol, else the name, else the short mint', () => {
    expect(holdersTitle(MINT, { symbol: 'USDC', name: 'USD Coin' })).toBe('Holders of USDC');
    expect(holdersTitle(MINT, { symbol: null, name: 'USD Coin' })).toBe('Holders of USD Coin');
    expect(holdersTitle(MINT, undefined)).toBe('Holders of EPjF…Dt1v');
  });
});
