import { formatUnitPrice, groupThousands, type FeeSettings } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { canSaveFeeCap, checkFeeCapDraft, feeCapDraftOf } from './fee-cap-draft';
import { useFeeSettings, useSaveFeeCap } from './use-fee-settings';

/**
 * Transaction fees (issue 17): the server's unit price, the tenant's cap on it and what its
 * operations therefore bid per compute unit, with a field to set or remove the cap.
 */
export function FeeSettingsPanel() {
  const settings = useFeeSettings();
  if (settings.isPending) return <p className="text-sm text-fg-muted">Loading fee settings…</p>;
  if (settings.isError) {
    return <Alert kind="error">{errorMessage(settings.error, 'Fee settings unavailable')}</Alert>;
  }
  const { data } = settings;
  return (
    <div className="flex flex-col gap-4 rounded-md border border-border bg-surface-raised p-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-fg-muted">Server price</dt>
        <dd>
          <UnitPrice value={data.serverMicroLamportsPerUnit} />
        </dd>
        <dt className="text-fg-muted">Your cap</dt>
        <dd>
          {data.maxMicroLamportsPerUnit === null ? (
            'No cap'
          ) : (
            <UnitPrice value={data.maxMicroLamportsPerUnit} />
          )}
        </dd>
        <dt className="text-fg-muted">Operations bid</dt>
        <dd className="font-semibold">
          <UnitPrice value={data.effectiveMicroLamportsPerUnit} />
        </dd>
      </dl>
      {/* A new stored cap starts the field again from it. */}
      <FeeCapForm key={data.maxMicroLamportsPerUnit ?? ''} settings={data} />
    </div>
  );
}

/**
 * A price with its unit. The unit keeps its case: uppercased, the micro sign becomes a capital
 * Greek mu and "µlamports" would read as "Mlamports".
 */
function UnitPrice({ value }: { readonly value: string }) {
  return <span className="keep-case">{formatUnitPrice(value)}</span>;
}

function FeeCapForm({ settings }: { readonly settings: FeeSettings }) {
  const toast = useToast();
  const saving = useSaveFeeCap();
  const stored = settings.maxMicroLamportsPerUnit;
  const [text, setText] = useState(feeCapDraftOf(stored));
  const draft = checkFeeCapDraft(text);
  const shownError = saving.isError
    ? errorMessage(saving.error, 'The fee cap was not saved')
    : draft.ok
      ? undefined
      : draft.error;

  const save = (cap: string | null) =>
    saving.mutate(cap, {
      onSuccess: (next) =>
        toast.show({
          title: next.maxMicroLamportsPerUnit === null ? 'Fee cap removed' : 'Fee cap saved',
          description: `Operations now bid ${groupThousands(next.effectiveMicroLamportsPerUnit)} micro-lamports per compute unit.`,
          severity: 'success',
        }),
    });

  return (
    <form
      className="flex flex-wrap items-start gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSaveFeeCap(stored, draft)) save(draft.value);
      }}
    >
      <div className="min-w-56 flex-1">
        <Input
          label="Maximum unit price"
          value={text}
          inputMode="numeric"
          autoComplete="off"
          placeholder="No cap"
          error={shownError}
          hint={`Micro-lamports per compute unit, 0 to ${groupThousands(settings.limit)}. Leave empty for no cap.`}
          onChange={(event) => {
            saving.reset();
            setText(event.target.value);
          }}
        />
      </div>
      <div className="flex gap-2 pt-6">
        <Button
          type="submit"
          variant="primary"
          disabled={!canSaveFeeCap(stored, draft)}
          busy={saving.isPending}
        >
          Save
        </Button>
        {stored !== null ? (
          <Button variant="ghost" disabled={saving.isPending} onClick={() => save(null)}>
            Remove cap
          </Button>
        ) : null}
      </div>
    </form>
  );
}
