import { formatDateTime } from '../../format/date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { MasterBalance } from '../master-wallet/master-balance';
import { masterWalletErrorMessage } from '../master-wallet/master-wallet-messages';
import { useMasterWallet } from '../master-wallet/use-master-wallet';
import { useDisplayPreferences } from '../preferences/display-preferences-store';

/**
 * The Control Centre's Overview: the master wallet, its live balance (`***` while the bottom bar
 * hides balances, as everywhere else), and a way to change it.
 */
export function OverviewPanel({ onOpenMasterWallet }: { readonly onOpenMasterWallet: () => void }) {
  const wallet = useMasterWallet();
  const { hideBalances } = useDisplayPreferences();
  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-4">
      <h2 id="overview-heading" className="text-lg font-bold tracking-wide">
        Overview
      </h2>
      <div className="rounded-md border border-border bg-surface-raised p-4">
        <h3 className="text-xs font-semibold tracking-wide text-fg-muted">Master wallet</h3>
        {wallet.isPending ? (
          <p className="mt-2 text-sm text-fg-muted">Loading…</p>
        ) : wallet.isError ? (
          <Alert kind="error" className="mt-2">
            {masterWalletErrorMessage('load', wallet.error)}
          </Alert>
        ) : wallet.data ? (
          <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-fg-muted">Address</dt>
            <dd className="flex items-center gap-1">
              <code className="font-mono text-xs break-all">{wallet.data.public_address}</code>
              <CopyButton value={wallet.data.public_address} label="Copy master address" />
            </dd>
            <dt className="text-fg-muted">Balance</dt>
            <dd aria-live="polite">
              <MasterBalance hidden={hideBalances} />
            </dd>
            <dt className="text-fg-muted">Updated</dt>
            <dd>{formatDateTime(wallet.data.updated_at)}</dd>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-fg-muted">No master wallet is set.</p>
        )}
        <Button className="mt-4" onClick={onOpenMasterWallet}>
          {wallet.data ? 'View master wallet' : 'Set master wallet'}
        </Button>
      </div>
    </section>
  );
}
