import type { Group } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  groupCountText,
  groupTotalsText,
  groupWalletBalance,
  groupWalletRow,
  splitGroups,
} from './group-view';

function group(id: string, name: string, kind: Group['kind'], count?: number): Group {
  return {
    id,
    group_name: name,
    color: null,
    description: null,
    kind,
    ...(count === undefined ? {} : { count }),
    created_at: null,
  };
}

const wallet = {
  id: '11111111-1111-4111-8111-111111111111',
  public_address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  name: null,
  lamports_balance: '1234567890',
  last_updated: null,
  created_at: '2026-11-01T00:00:00Z',
  is_trader: true,
  is_master_wallet: false,
  has_private_key: true,
};

describe('group view', () => {
  it('gives a group card its SOL in the chosen unit, its value as a dash until priced', () => {
    const totals = { total_lamports: '12500000000', total_value_usd: null };
    expect(groupTotalsText(totals, 'sol', false)).toEqual({ sol: '12.5000 SOL', value: '—' });
    expect(groupTotalsText(totals, 'lamports', false)).toEqual({
      sol: '12,500,000,000 lamports',
      value: '—',
    });
    expect(groupTotalsText({ ...totals, total_value_usd: 1500 }, 'sol', false).value).toBe('$1.5K');
    expect(groupTotalsText(totals, 'sol', true)).toEqual({ sol: '***', value: '***' });
    expect(groupTotalsText({}, 'sol', false)).toEqual({ sol: '—', value: '—' });
  });

  it('lists custom groups by name apart from the computed ones', () => {
    const sections = splitGroups([
      group('all', 'All', 'computed', 10),
      group('b', 'Zeta', 'custom'),
      group('seed:1', 'Seed A', 'seed', 4),
      group('a', 'alpha', 'custom'),
    ]);
    expect(sections.custom.map((g) => g.group_name)).toEqual(['alpha', 'Zeta']);
    expect(sections.computed.map((g) => g.id)).toEqual(['all', 'seed:1']);
  });

  it('words counts and shows a dash when the server sent none', () => {
    expect(groupCountText(1)).toBe('1 wallet');
    expect(groupCountText(0)).toBe('0 wallets');
    expect(groupCountText(undefined)).toBe('—');
  });

  it('shows a wallet with its lamports as bigint, never through a float', () => {
    expect(groupWalletRow(wallet)).toEqual({
      id: wallet.id,
      address: wallet.public_address,
      label: '7xKX…gAsU',
      lamports: 1_234_567_890n,
      isTrader: true,
      isMaster: false,
    });
  });

  it('shows the balance in the chosen unit, hidden as *** on request', () => {
    const row = groupWalletRow(wallet);
    expect(groupWalletBalance(row, 'sol', false)).toBe('1.2345');
    expect(groupWalletBalance(row, 'lamports', false)).toBe('1,234,567,890');
    expect(groupWalletBalance(row, 'sol', true)).toBe('***');
    expect(groupWalletBalance(row, 'lamports', true)).toBe('***');
  });

  it('prefers the name and dashes an unscanned balance', () => {
    const row = groupWalletRow({ ...wallet, name: 'Sniper 1', lamports_balance: null });
    expect(row.label).toBe('Sniper 1');
    expect(groupWalletBalance(row, 'sol', false)).toBe('—');
    expect(groupWalletBalance(row, 'sol', true)).toBe('***');
  });
});
