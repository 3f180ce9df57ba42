import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditActionMatches,
  auditDetailText,
  auditLogQuerySchema,
  describeAuditEntry,
} from './audit-log';

describe('audit log entries in words', () => {
  it('names known actions in plain words and shows an unknown one as recorded', () => {
    expect(auditActionLabel('wallet.keys.copy')).toBe('Private keys copied');
    expect(auditActionLabel('master_wallet.reveal')).toBe('Master key revealed');
    expect(auditActionLabel('auth.activate')).toBe('Joined the licence');
    expect(auditActionLabel('future.thing')).toBe('future.thing');
    expect(auditActionLabel('toString')).toBe('toString');
  });

  it('matches an action by itself or by a whole dotted family', () => {
    expect(auditActionMatches('wallet.keys', 'wallet.keys.copy')).toBe(true);
    expect(auditActionMatches('wallet.keys.copy', 'wallet.keys.copy')).toBe(true);
    expect(auditActionMatches('wallet.key', 'wallet.keys.copy')).toBe(false);
    expect(auditActionMatches('master', 'master_wallet.save')).toBe(false);
  });

  it('says how many keys a reveal named and how many addresses it does not list', () => {
    const facts = describeAuditEntry({
      action: 'wallet.keys.reveal',
      detail: {
        purpose: 'reveal',
        count: 10_000,
        addresses: ['A1', 'A2'],
        addressesOmitted: 9_998,
      },
    });
    expect(facts).toEqual({
      summary: '10,000 keys; 9,998 more addresses not listed',
      addresses: [
        { label: null, address: 'A1' },
        { label: null, address: 'A2' },
      ],
      addressesOmitted: 9_998,
    });
    expect(auditDetailText(facts)).toBe('10,000 keys; 9,998 more addresses not listed; A1, A2');
  });

  it('describes an export and a refusal by the key limit', () => {
    expect(
      describeAuditEntry({
        action: 'wallet.export.keys',
        detail: {
          format: 'csv',
          includePrivateKeys: true,
          scope: 'all',
          count: 1,
          reason: 'rate limited',
          retryAfterSeconds: 42,
        },
      }).summary,
    ).toBe('1 wallet; all active wallets; CSV; with private keys; rate limited; retry in 42 s');
  });

  it("labels a master wallet change's previous and new address", () => {
    const swap = describeAuditEntry({
      action: 'master_wallet.save',
      detail: { change: 'swap', previousAddress: 'OLD', address: 'NEW' },
    });
    expect(swap.summary).toBe('Replaced the master wallet');
    expect(swap.addresses).toEqual([
      { label: 'Previous', address: 'OLD' },
      { label: 'New', address: 'NEW' },
    ]);
    expect(auditDetailText(swap)).toBe('Replaced the master wallet; Previous: OLD, New: NEW');
    // Entries written before the change was recorded name only the address.
    expect(describeAuditEntry({ action: 'master_wallet.save', detail: { address: 'A' } })).toEqual({
      summary: '',
      addresses: [{ label: null, address: 'A' }],
      addressesOmitted: 0,
    });
  });

  it('says what a fee cap became and what it was, "none" for no cap', () => {
    expect(auditActionLabel('fee_cap.update')).toBe('Fee cap changed');
    expect(
      describeAuditEntry({ action: 'fee_cap.update', detail: { cap: '2000', previousCap: null } })
        .summary,
    ).toBe('cap 2,000 micro-lamports/CU (was none)');
    expect(
      describeAuditEntry({ action: 'fee_cap.update', detail: { cap: null, previousCap: '2000' } })
        .summary,
    ).toBe('cap none (was 2,000 micro-lamports/CU)');
  });

  it('shows fields it has no words for as name: value, and nothing for no detail', () => {
    expect(
      describeAuditEntry({
        action: 'admin.keys.upgrade',
        detail: { key: '[redacted]', newTier: 'pro', newMaxUses: null, ok: false, ids: ['x', 'y'] },
      }).summary,
    ).toBe('key: [redacted]; newTier: pro; ok: no; ids: x, y');
    expect(describeAuditEntry({ action: 'auth.login', detail: null })).toEqual({
      summary: '',
      addresses: [],
      addressesOmitted: 0,
    });
  });

  it('reads empty filters as no filter and bounds the page size', () => {
    expect(auditLogQuerySchema.parse({ action: '', actor: ' ' })).toEqual({ limit: 50 });
    expect(auditLogQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
  });
});
