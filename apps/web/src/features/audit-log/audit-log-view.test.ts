import type { AuditLogEntry } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../format/date';
import {
  actionFilterOptions,
  actorFilterOptions,
  auditEntries,
  auditFilterFromParams,
  auditLogSearch,
  auditRow,
  fallbackAuditLogFilename,
  withAuditFilter,
} from './audit-log-view';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

function entry(overrides: Partial<AuditLogEntry> & { id: string }): AuditLogEntry {
  return {
    at: '2025-03-01T12:34:56.789Z',
    actor: 'ops@example.com',
    action: 'wallet.keys.copy',
    outcome: 'success',
    ip: '203.0.113.5',
    summary: '1 key',
    addresses: [{ label: null, address: ADDRESS }],
    addressesOmitted: 0,
    detail: { count: 1 },
    ...overrides,
  };
}

describe('an audit log row', () => {
  it('shows the time in local time with UTC on hover, the action in words and the outcome', () => {
    const row = auditRow(entry({ id: '1' }));
    expect(row.localTime).toBe(formatDateTime('2025-03-01T12:34:56.789Z'));
    expect(row.utcTime).toBe('2025-03-01 12:34:56 UTC');
    expect(row.actionLabel).toBe('Private keys copied');
    expect(row).toMatchObject({
      failed: false,
      outcomeLabel: 'Succeeded',
      user: 'ops@example.com',
    });
    expect(row.addresses).toEqual([{ label: null, address: ADDRESS, short: '7xKX…gAsU' }]);
  });

  it('names the administrator, marks failures and keeps an unknown action as recorded', () => {
    const row = auditRow(
      entry({ id: '2', actor: 'admin', outcome: 'failure', action: 'future.thing', ip: null }),
    );
    expect(row).toMatchObject({
      user: 'Administrator',
      failed: true,
      outcomeLabel: 'Failed',
      actionLabel: 'future.thing',
      ip: null,
    });
  });

  it('lists each entry once across pages', () => {
    const pages = [
      { entries: [entry({ id: 'a' }), entry({ id: 'b' })] },
      { entries: [entry({ id: 'b' }), entry({ id: 'c' })] },
    ];
    expect(auditEntries(pages).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('the audit log filters', () => {
  it('offer all actions, the families that gather two or more, then each action in words', () => {
    const options = actionFilterOptions([
      'auth.login',
      'master_wallet.reveal',
      'master_wallet.save',
      'wallet.keys.copy',
    ]);
    expect(options).toEqual([
      { value: '', label: 'All actions' },
      { value: 'master_wallet', label: 'Master wallet (all)' },
      { value: 'auth.login', label: 'Sign-in' },
      { value: 'master_wallet.reveal', label: 'Master key revealed' },
      { value: 'master_wallet.save', label: 'Master wallet set' },
      { value: 'wallet.keys.copy', label: 'Private keys copied' },
    ]);
    // A filter from the address bar that the log does not hold stays choosable.
    expect(actionFilterOptions([], 'wallet.keys').at(-1)).toEqual({
      value: 'wallet.keys',
      label: 'wallet.keys',
    });
  });

  it('offer every user and the administrator by name', () => {
    expect(actorFilterOptions(['a@x.io', 'admin'])).toEqual([
      { value: '', label: 'All users' },
      { value: 'a@x.io', label: 'a@x.io' },
      { value: 'admin', label: 'Administrator' },
    ]);
  });

  it('live in the address bar beside the section, and go to the API as its query', () => {
    const params = new URLSearchParams('section=audit&action=wallet.keys');
    expect(auditFilterFromParams(params)).toEqual({ action: 'wallet.keys', actor: undefined });
    const withUser = withAuditFilter(params, 'actor', 'a+b@x.io');
    expect(withUser.toString()).toBe('section=audit&action=wallet.keys&actor=a%2Bb%40x.io');
    expect(withAuditFilter(withUser, 'action', '').toString()).toBe(
      'section=audit&actor=a%2Bb%40x.io',
    );
    expect(auditLogSearch(auditFilterFromParams(withUser), { limit: 50, before: 'abc' })).toBe(
      '?action=wallet.keys&actor=a%2Bb%40x.io&limit=50&before=abc',
    );
    expect(auditLogSearch({ action: undefined, actor: undefined })).toBe('');
  });

  it('name a download without a server name like the server does', () => {
    expect(fallbackAuditLogFilename(new Date('2025-03-01T12:34:56Z'))).toBe(
      'fleet-audit-log-20250301-123456.csv',
    );
  });
});
