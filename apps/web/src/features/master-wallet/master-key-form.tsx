import type { MasterWalletResponse } from '@fleet/core';
import { Eye, EyeOff } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DialogFooter, ReadOnlyField } from './dialog-fields';
import { keyDraftMessage, readKeyDraft } from './master-key-draft';
import { MasterChangeConfirm } from './master-change-confirm';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { useSaveMasterWallet } from './use-master-wallet-actions';

/**
 * Edit mode: paste a key, see the address it derives and why it cannot be used, then save. Saving
 * a key for another address while a master is set replaces that master: a confirmation first
 * shows what the current master holds.
 */
export function MasterKeyForm({
  current,
  onDone,
}: {
  readonly current: MasterWalletResponse | null;
  readonly onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [visible, setVisible] = useState(false);
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [confirmingReplace, setConfirmingReplace] = useState(false);
  const draft = useMemo(() => readKeyDraft(text), [text]);
  const save = useSaveMasterWallet();
  const keyMessage = keyDraftMessage(draft, saveAttempted);

  const saveDraft = () => {
    if (draft.kind !== 'valid') return;
    save.mutate(
      { public_address: draft.address, private_key: draft.privateKey },
      { onSuccess: onDone },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveAttempted(true);
    if (draft.kind !== 'valid') return;
    if (current && current.public_address !== draft.address) {
      save.reset();
      setConfirmingReplace(true);
      return;
    }
    saveDraft();
  };

  if (confirmingReplace && current && draft.kind === 'valid') {
    return (
      <MasterChangeConfirm
        change="replace"
        currentAddress={current.public_address}
        newAddress={draft.address}
        busy={save.isPending}
        error={save.isError ? masterWalletErrorMessage('save', save.error) : undefined}
        onBack={() => setConfirmingReplace(false)}
        onConfirm={saveDraft}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Edit master wallet"
      className="flex flex-col gap-4"
    >
      <ReadOnlyField
        label="Public address"
        value={draft.kind === 'valid' ? draft.address : ''}
        placeholder="Derived from the private key"
      />
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor="master-private-key"
          className="text-xs font-semibold tracking-wide text-fg-muted"
        >
          Private key
        </label>
        <div className="flex items-start gap-2">
          {visible ? (
            <textarea
              id="master-private-key"
              value={text}
              rows={3}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={keyMessage ? true : undefined}
              aria-describedby={keyMessage ? 'master-private-key-message' : undefined}
              onChange={(event) => setText(event.target.value)}
              className="flex-1 rounded-md border border-border bg-surface-sunken px-3 py-2 font-mono text-xs text-fg focus:outline-2 focus:outline-accent"
              placeholder="Base58 or a JSON array of 64 numbers"
            />
          ) : (
            <input
              id="master-private-key"
              type="password"
              value={text}
              autoComplete="off"
              aria-invalid={keyMessage ? true : undefined}
              aria-describedby={keyMessage ? 'master-private-key-message' : undefined}
              onChange={(event) => setText(event.target.value)}
              className="h-10 flex-1 rounded-md border border-border bg-surface-sunken px-3 font-mono text-xs text-fg focus:outline-2 focus:outline-accent"
              placeholder={current ? 'Paste the new private key' : 'Paste the private key'}
            />
          )}
          <Button
            size="sm"
            variant="ghost"
            className="mt-1"
            onClick={() => setVisible(!visible)}
            aria-label={visible ? 'Hide private key' : 'Show private key'}
          >
            {visible ? (
              <EyeOff className="size-4" aria-hidden />
            ) : (
              <Eye className="size-4" aria-hidden />
            )}
          </Button>
        </div>
        {keyMessage ? (
          <p id="master-private-key-message" role="alert" className="text-xs text-danger">
            {keyMessage}
          </p>
        ) : null}
      </div>
      {save.isError ? (
        <Alert kind="error">{masterWalletErrorMessage('save', save.error)}</Alert>
      ) : null}
      <DialogFooter>
        <Button onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={save.isPending}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
