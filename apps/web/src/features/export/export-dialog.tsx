import { EXPORT_KEYS_CONFIRMATION } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { ChoiceGroup } from '../../ui/choice-group';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { AuditLogLink } from '../audit-log/audit-log-link';
import { useToast } from '../../ui/toast';
import { useExportWallets } from './export-api';
import {
  exportRequestFor,
  fallbackExportFilename,
  initialExportDraft,
  type ExportDraft,
  type ExportFormat,
  type ExportScope,
} from './export-request';
import { saveFile } from '../../ui/save-file';

export interface ExportDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The selected wallets' ids; empty means only "All wallets" can be chosen. */
  readonly selectedWalletIds: readonly string[];
  /** Called after the file was handed to the browser. */
  readonly onExported?: () => void;
}

/** Export Wallets (spec 2 §2.4): CSV or JSON, addresses only unless keys are confirmed. */
export function ExportDialog({
  open,
  onOpenChange,
  selectedWalletIds,
  onExported,
}: ExportDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Export Wallets"
      description="Download your wallets as a file. Addresses only unless you include keys."
    >
      {open ? (
        <ExportForm
          selectedWalletIds={selectedWalletIds}
          onClose={() => onOpenChange(false)}
          {...(onExported ? { onExported } : {})}
        />
      ) : null}
    </Dialog>
  );
}

function ExportForm({
  selectedWalletIds,
  onClose,
  onExported,
}: {
  readonly selectedWalletIds: readonly string[];
  readonly onClose: () => void;
  readonly onExported?: () => void;
}) {
  const [draft, setDraft] = useState<ExportDraft>(() =>
    initialExportDraft(selectedWalletIds.length),
  );
  const exporting = useExportWallets();
  const toast = useToast();
  const request = exportRequestFor(draft, selectedWalletIds);
  const update = (change: Partial<ExportDraft>) =>
    setDraft((current) => ({ ...current, ...change }));

  const submit = () => {
    if (!request) return;
    exporting.mutate(request, {
      onSuccess: (file) => {
        saveFile(file.blob, file.filename ?? fallbackExportFilename(draft.format, new Date()));
        toast.show({
          title: 'Export ready',
          description: 'The file was downloaded.',
          severity: 'success',
        });
        onExported?.();
        onClose();
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <ChoiceGroup<ExportScope>
        label="Wallets"
        value={draft.scope}
        onChange={(scope) => update({ scope })}
        options={[
          {
            value: 'selected',
            label: `Selected (${selectedWalletIds.length})`,
            disabled: selectedWalletIds.length === 0,
          },
          { value: 'all', label: 'All wallets' },
        ]}
      />
      <ChoiceGroup<ExportFormat>
        label="Format"
        value={draft.format}
        onChange={(format) => update({ format })}
        options={[
          { value: 'csv', label: 'CSV' },
          { value: 'json', label: 'JSON' },
        ]}
      />
      <Checkbox
        label="Include private keys"
        checked={draft.includePrivateKeys}
        onChange={(event) => update({ includePrivateKeys: event.target.checked, confirmation: '' })}
      />
      {draft.includePrivateKeys ? (
        <div className="flex flex-col gap-2 rounded-md border border-danger/50 bg-danger/10 p-3">
          <p className="text-sm text-danger">
            Anyone with this file can move the funds of every wallet in it. Store it encrypted and
            delete it when done.
          </p>
          <Input
            label={`Type ${EXPORT_KEYS_CONFIRMATION} to include private keys`}
            value={draft.confirmation}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => update({ confirmation: event.target.value })}
          />
        </div>
      ) : null}
      <p className="text-xs text-fg-muted">
        Every export is recorded in the <AuditLogLink />: who, when, which wallets, with or without
        keys.
      </p>
      {exporting.isError ? (
        <Alert kind="error">{errorMessage(exporting.error, 'Export failed')}</Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose} disabled={exporting.isPending}>
          Cancel
        </Button>
        <Button
          variant={draft.includePrivateKeys ? 'danger' : 'primary'}
          disabled={!request}
          busy={exporting.isPending}
          onClick={submit}
        >
          Export {draft.format.toUpperCase()}
        </Button>
      </div>
    </div>
  );
}
