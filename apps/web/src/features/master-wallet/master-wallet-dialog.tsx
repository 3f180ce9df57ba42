import type { MasterWalletResponse } from '@fleet/core';
import { Eye, EyeOff } from 'lucide-react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { formatDateTime } from '../../format/date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { useCopy } from '../../ui/use-copy';
import { keyDraftMessage, readKeyDraft } from './master-key-draft';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { useMasterWallet } from './use-master-wallet';
import {
  useClearMasterWallet,
  useRevealMasterWallet,
  useSaveMasterWallet,
} from './use-master-wallet-actions';

/**
 * The Master Wallet dialog of spec 1 §2 and §4: view, then edit, then save or cancel. The address
 * is read-only and derived from the key. The stored key is fetched only when the operator asks to
 * see or copy it (an audited call), and it is forgotten when the dialog closes.
 */
export function MasterWalletDialog({
  open,
  onOpenChange,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Master wallet"
      description="The wallet that funds the fleet and receives what is swept back."
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      {open ? <MasterWalletPanel onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

type Mode = 'view' | 'edit' | 'confirm-clear';

function MasterWalletPanel({ onClose }: { readonly onClose: () => void }) {
  const wallet = useMasterWallet();
  const [mode, setMode] = useState<Mode>('view');

  if (wallet.isPending) return <p className="text-sm text-fg-muted">Loading the master wallet…</p>;
  if (wallet.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert kind="error">{masterWalletErrorMessage('load', wallet.error)}</Alert>
        <Footer>
          <Button onClick={() => void wallet.refetch()}>Try again</Button>
          <Button onClick={onClose}>Close</Button>
        </Footer>
      </div>
    );
  }
  switch (mode) {
    case 'view':
      return (
        <ViewMode
          wallet={wallet.data}
          onEdit={() => setMode('edit')}
          onClear={() => setMode('confirm-clear')}
          onClose={onClose}
        />
      );
    case 'edit':
      return <EditMode current={wallet.data} onDone={() => setMode('view')} />;
    case 'confirm-clear':
      return <ConfirmClear onDone={() => setMode('view')} />;
  }
}

function ViewMode({
  wallet,
  onEdit,
  onClear,
  onClose,
}: {
  readonly wallet: MasterWalletResponse | null;
  readonly onEdit: () => void;
  readonly onClear: () => void;
  readonly onClose: () => void;
}) {
  if (!wallet) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          No master wallet is set. Choose Edit and paste its private key.
        </p>
        <Footer>
          <Button variant="primary" onClick={onEdit}>
            Edit
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Footer>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ReadOnlyField label="Public address" value={wallet.public_address} copyable />
      {wallet.has_private_key ? (
        <StoredKeyField />
      ) : (
        <ReadOnlyField label="Private key" value="Encrypted – not stored" />
      )}
      <p className="text-xs text-fg-muted">Updated {formatDateTime(wallet.updated_at)}</p>
      <Footer>
        <Button variant="danger-ghost" className="mr-auto" onClick={onClear}>
          Clear
        </Button>
        <Button variant="primary" onClick={onEdit}>
          Edit
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Footer>
    </div>
  );
}

/** The stored key: hidden until Show or Copy, each of which asks the server (and is audited). */
function StoredKeyField() {
  const reveal = useRevealMasterWallet();
  const copy = useCopy();
  const [shown, setShown] = useState(false);
  const revealed = reveal.data?.private_key;

  const show = () => {
    if (revealed) setShown(true);
    else reveal.mutate(undefined, { onSuccess: () => setShown(true) });
  };
  const copyKey = () => {
    if (revealed) void copy(revealed);
    else reveal.mutate(undefined, { onSuccess: (data) => void copy(data.private_key) });
  };
  const hide = () => {
    setShown(false);
    reveal.reset();
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold tracking-wide text-fg-muted">Private key</span>
      <div className="flex items-center gap-2">
        <code
          className="min-h-10 flex-1 rounded-md border border-border bg-surface-sunken px-3 py-2 font-mono text-xs break-all"
          aria-label={shown ? 'Private key' : 'Private key (hidden)'}
        >
          {shown && revealed ? revealed : '•'.repeat(44)}
        </code>
        {shown ? (
          <Button size="sm" variant="ghost" onClick={hide} aria-label="Hide private key">
            <EyeOff className="size-4" aria-hidden />
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={show}
            busy={reveal.isPending}
            aria-label="Show private key"
          >
            <Eye className="size-4" aria-hidden />
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={copyKey} disabled={reveal.isPending}>
          Copy
        </Button>
      </div>
      {reveal.isError ? (
        <Alert kind="error">{masterWalletErrorMessage('reveal', reveal.error)}</Alert>
      ) : null}
    </div>
  );
}

function EditMode({
  current,
  onDone,
}: {
  readonly current: MasterWalletResponse | null;
  readonly onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [visible, setVisible] = useState(false);
  const [saveAttempted, setSaveAttempted] = useState(false);
  const draft = useMemo(() => readKeyDraft(text), [text]);
  const save = useSaveMasterWallet();
  const keyMessage = keyDraftMessage(draft, saveAttempted);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveAttempted(true);
    if (draft.kind !== 'valid') return;
    save.mutate(
      { public_address: draft.address, private_key: draft.privateKey },
      { onSuccess: onDone },
    );
  };

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
      <Footer>
        <Button onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={save.isPending}>
          Save
        </Button>
      </Footer>
    </form>
  );
}

function ConfirmClear({ onDone }: { readonly onDone: () => void }) {
  const clear = useClearMasterWallet();
  return (
    <div className="flex flex-col gap-4">
      <Alert kind="info">
        Clear the master wallet? Its encrypted key is deleted from Fleet. The wallet itself and its
        funds stay on chain; keep your own copy of the key.
      </Alert>
      {clear.isError ? (
        <Alert kind="error">{masterWalletErrorMessage('clear', clear.error)}</Alert>
      ) : null}
      <Footer>
        <Button onClick={onDone} disabled={clear.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={clear.isPending}
          onClick={() => clear.mutate(undefined, { onSuccess: onDone })}
        >
          Clear master wallet
        </Button>
      </Footer>
    </div>
  );
}

function ReadOnlyField({
  label,
  value,
  placeholder,
  copyable = false,
}: {
  readonly label: string;
  readonly value: string;
  readonly placeholder?: string;
  readonly copyable?: boolean;
}) {
  const id = `master-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-fg-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          placeholder={placeholder}
          className="h-10 flex-1 rounded-md border border-border bg-surface-sunken px-3 font-mono text-xs text-fg"
        />
        {copyable && value ? (
          <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
        ) : null}
      </div>
    </div>
  );
}

function Footer({ children }: { readonly children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap justify-end gap-2">{children}</div>;
}
