import { describe, expect, it } from 'vitest';
import { kindText, statusBadgeClass, walletText } from './transaction-history-view';

describe('the transaction history rows', () => {
  it('shows a packed transaction’s first wallet with the count of the others', () => {
    const wallet = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
    expect(walletText({ wallet, walletCount: 1 })).toBe('7xKX…gAsU');
    expect(walletText({ wallet, walletCount: 20 })).toBe('7xKX…gAsU +19');
    expect(walletText({ wallet: null, walletCount: 0 })).toBe('—');
  });

  it('names the kind by its side, and a 2-hop distribution as one', () => {
    expect(kindText({ side: 'withdraw', kind: 'sol.aggregate' })).toBe('Withdraw');
    expect(kindText({ side: 'distribute', kind: 'sol.double_distribution' })).toBe(
      '2-hop distribute',
    );
    expect(kindText({ side: 'other', kind: 'nft.mint' })).toBe('Other');
    expect(kindText({ side: 'withdraw', kind: 'token.withdraw' })).toBe('Withdraw tokens');
    expect(kindText({ side: 'distribute', kind: 'token.distribute' })).toBe('Distribute tokens');
  });

  it('colours a failure as danger and a confirmation as success', () => {
    expect(statusBadgeClass('error')).toContain('text-danger');
    expect(statusBadgeClass('confirmed')).toContain('text-success');
    expect(statusBadgeClass('loading')).toContain('text-fg-muted');
  });
});
