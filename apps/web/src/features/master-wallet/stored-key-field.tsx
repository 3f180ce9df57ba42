import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useCopy } from '../../ui/use-copy';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { useRevealMasterWallet } from './use-master-wallet-actions';

/** The stored key: hidden until Show or Copy, each of which asks the server (and is audited). */
export function StoredKeyField() {
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
