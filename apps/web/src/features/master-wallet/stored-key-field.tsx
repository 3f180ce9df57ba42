import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CLIPBOARD_BLOCKED, useCopy } from '../../ui/use-copy';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { useRevealMasterWallet } from './use-master-wallet-actions';

/** What the toast says once a private key is on the clipboard (not a bare "Copied"). */
export const PRIVATE_KEY_COPIED = 'Private key copied';

type Ask = 'show' | 'copy';

const ASK_WORDS: Record<Ask, { readonly title: string; readonly confirm: string }> = {
  show: { title: 'Show the master private key', confirm: 'Show key' },
  copy: { title: 'Copy the master private key', confirm: 'Copy key' },
};

/**
 * The stored key: hidden until Show or Copy, each of which first asks (as the bulk copy and the
 * export do) and then asks the server, which audits it. Once shown, Copy takes the key on screen.
 */
export function StoredKeyField() {
  const reveal = useRevealMasterWallet();
  const copy = useCopy(CLIPBOARD_BLOCKED, PRIVATE_KEY_COPIED);
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState<Ask | null>(null);
  const revealed = shown ? reveal.data?.private_key : undefined;

  const confirm = () => {
    const ask = asking;
    reveal.mutate(undefined, {
      onSuccess: (data) => {
        setAsking(null);
        if (ask === 'show') setShown(true);
        else void copy(data.private_key).then(() => reveal.reset());
      },
    });
  };
  const copyKey = () => {
    if (revealed) void copy(revealed);
    else setAsking('copy');
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
          aria-label={revealed ? 'Private key' : 'Private key (hidden)'}
        >
          {revealed ?? '•'.repeat(44)}
        </code>
        {revealed ? (
          <Button size="sm" variant="ghost" onClick={hide} aria-label="Hide private key">
            <EyeOff className="size-4" aria-hidden />
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setAsking('show')}
            aria-label="Show private key"
          >
            <Eye className="size-4" aria-hidden />
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={copyKey} disabled={reveal.isPending}>
          Copy
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAsking(null);
            if (!shown) reveal.reset();
          }
        }}
        title={ASK_WORDS[asking ?? 'show'].title}
        description={
          asking === 'copy'
            ? "Copy the master wallet's private key to the clipboard?"
            : "Show the master wallet's private key on screen?"
        }
        confirmLabel={ASK_WORDS[asking ?? 'show'].confirm}
        onConfirm={confirm}
        busy={reveal.isPending}
        error={reveal.isError ? masterWalletErrorMessage('reveal', reveal.error) : undefined}
      >
        <p className="text-sm text-fg-muted">
          Anyone who has it can move the master wallet&apos;s funds. The reveal is audited.
        </p>
      </ConfirmDialog>
    </div>
  );
}
