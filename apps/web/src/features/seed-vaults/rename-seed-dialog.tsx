import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { MAX_SEED_LABEL, SEED_RENAME_FAILED, checkSeedLabel } from './seed-label';
import { useRenameSeedGroup } from './seed-vaults-api';

export interface RenameSeedDialogProps {
  /** The vault being renamed, or null when the dialog is closed. */
  readonly seed: { readonly id: string; readonly label: string } | null;
  readonly onClose: () => void;
}

/** Rename seed vault (spec 2 §4: dialog, saving, success closes it). */
export function RenameSeedDialog({ seed, onClose }: RenameSeedDialogProps) {
  return (
    <Dialog
      open={seed !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Rename seed vault"
    >
      {seed ? <RenameSeedForm key={seed.id} seed={seed} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RenameSeedForm({
  seed,
  onClose,
}: {
  readonly seed: { readonly id: string; readonly label: string };
  readonly onClose: () => void;
}) {
  const [text, setText] = useState(seed.label);
  const renaming = useRenameSeedGroup();
  const check = checkSeedLabel(text);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (check.ok) renaming.mutate({ id: seed.id, label: check.label }, { onSuccess: onClose });
      }}
    >
      <Input
        label="Label"
        value={text}
        maxLength={MAX_SEED_LABEL}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        error={check.ok ? undefined : (check.error ?? undefined)}
      />
      {renaming.isError ? <Alert kind="error">{SEED_RENAME_FAILED}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose} disabled={renaming.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={!check.ok} busy={renaming.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
