import { EXPORT_KEYS_CONFIRMATION, type ExportWalletsRequest } from '@fleet/core';

/**
 * The Export Wallets dialog's choices (spec 2 §2.4) and the request they make. Addresses only is
 * the default; private keys are included only after the operator types the confirmation sentence,
 * which is then sent so the server can check it too.
 */
export type ExportFormat = 'csv' | 'json';
export type ExportScope = 'selected' | 'all';

export interface ExportDraft {
  readonly scope: ExportScope;
  readonly format: ExportFormat;
  readonly includePrivateKeys: boolean;
  /** What the operator typed in the confirmation box. */
  readonly confirmation: string;
}

export function initialExportDraft(selectedCount: number): ExportDraft {
  return {
    scope: selectedCount > 0 ? 'selected' : 'all',
    format: 'csv',
    includePrivateKeys: false,
    confirmation: '',
  };
}

export function keysConfirmed(draft: ExportDraft): boolean {
  return draft.confirmation.trim() === EXPORT_KEYS_CONFIRMATION;
}

/** The request for the draft, or null while the draft cannot be sent. */
export function exportRequestFor(
  draft: ExportDraft,
  selectedIds: readonly string[],
): ExportWalletsRequest | null {
  if (draft.scope === 'selected' && selectedIds.length === 0) return null;
  if (draft.includePrivateKeys && !keysConfirmed(draft)) return null;
  return {
    ...(draft.scope === 'selected' ? { walletIds: [...selectedIds] } : {}),
    format: draft.format,
    includePrivateKeys: draft.includePrivateKeys,
    ...(draft.includePrivateKeys ? { confirm: EXPORT_KEYS_CONFIRMATION } : {}),
  };
}

/** The name used when the server's answer names no file. */
export function fallbackExportFilename(format: ExportFormat, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `fleet-wallets-${stamp}.${format}`;
}
