import { describe, expect, it } from 'vitest';
import {
  exportRequestFor,
  fallbackExportFilename,
  initialExportDraft,
  type ExportDraft,
} from './export-request';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

describe('export request', () => {
  it('starts with the selection as scope when there is one, CSV, addresses only', () => {
    expect(initialExportDraft(2)).toEqual({
      scope: 'selected',
      format: 'csv',
      includePrivateKeys: false,
      confirmation: '',
    });
    expect(initialExportDraft(0).scope).toBe('all');
  });

  it('sends the selected ids, or no ids for all wallets', () => {
    const draft = initialExportDraft(2);
    expect(exportRequestFor(draft, ids)).toEqual({
      walletIds: ids,
      format: 'csv',
      includePrivateKeys: false,
    });
    expect(exportRequestFor({ ...draft, scope: 'all', format: 'json' }, ids)).toEqual({
      format: 'json',
      includePrivateKeys: false,
    });
  });

  it('cannot export a selection of nothing', () => {
    expect(exportRequestFor(initialExportDraft(2), [])).toBeNull();
  });

  it('includes private keys only once the sentence is typed, and sends it', () => {
    const withKeys: ExportDraft = { ...initialExportDraft(2), includePrivateKeys: true };
    expect(exportRequestFor(withKeys, ids)).toBeNull();
    expect(exportRequestFor({ ...withKeys, confirmation: 'i understand' }, ids)).toBeNull();
    expect(exportRequestFor({ ...withKeys, confirmation: ' I UNDERSTAND ' }, ids)).toEqual({
      walletIds: ids,
      format: 'csv',
      includePrivateKeys: true,
      confirm: 'I UNDERSTAND',
    });
  });

  it('names a fallback file by format and time', () => {
    expect(fallbackExportFilename('json', new Date('2026-11-22T05:50:07Z'))).toBe(
      'fleet-wallets-2026-11-22-05-50-07.json',
    );
  });
});
