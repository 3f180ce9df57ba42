import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { CLIPBOARD_BLOCKED, useCopy } from '../../ui/use-copy';
import { VirtualTable } from '../../ui/virtual-table';
import { PRIVATE_KEY_COPIED } from '../master-wallet/stored-key-field';
import { useRevealKeys } from '../toolkit/wallet-keys-api';
import { MASTER_BADGE_CLASS } from '../wallet-list/badge-classes';
import {
  holderGroupSummary,
  holderRow,
  holdersTitle,
  HOLDERS_FETCH_FAILED_MESSAGE,
  HOLDERS_REFRESH_FAILED_MESSAGE,
  NO_HOLDERS_MESSAGE,
  type HolderRowView,
} from './holders-view';
import { useTokenHolders } from './use-tokens-overview';

const BADGE = 'rounded border px-1.5 py-px text-[10px] font-semibold uppercase';
const TRADER_BADGE_CLASS = cn(BADGE, 'border-sky-500/40 bg-sky-500/15 text-sky-400');
const GROUP_CLASS = 'rounded bg-surface-sunken px-1.5 py-px text-[11px] whitespace-nowrap';

/**
 * The holders dialog (spec 2 §2.5, §3 Holder, §8): the wallets holding one mint with their amount,
 * SOL, badges, groups and tags, the holders counted by group above. Copy private key asks first,
 * then goes through the audited reveal; the list itself never carries keys.
 */
export function TokenHoldersDialog(props: {
  readonly mint: string;
  readonly token: { readonly symbol: string | null; readonly name: string | null } | undefined;
  readonly onClose: () => void;
}) {
  const holders = useTokenHolders(props.mint);
  const [copyFor, setCopyFor] = useState<HolderRowView | null>(null);
  const rows = holders.data ? holders.data.holders.map(holderRow) : [];
  const summary = holders.data ? holderGroupSummary(holders.data.holders) : [];
  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open) props.onClose();
        }}
        title={holdersTitle(props.mint, props.token)}
        description="The fleet’s wallets holding this token, as of their last scan."
        className="w-[min(64rem,calc(100vw-2rem))]"
        footer={
          <>
            <Button
              busy={holders.isFetching && !holders.isPending}
              disabled={holders.isPending}
              onClick={() => void holders.refetch()}
            >
              <RefreshCw className="size-4" aria-hidden />
              Refresh
            </Button>
            <Button variant="primary" onClick={props.onClose}>
              Close
            </Button>
          </>
        }
      >
        <p className="mb-3 flex items-center gap-1 text-xs text-fg-muted">
          Mint{' '}
          <code className="font-mono" data-mint={props.mint}>
            {props.mint}
          </code>
          <CopyButton value={props.mint} label={`Copy ${props.mint}`} />
        </p>
        {holders.isPending && holders.fetchStatus !== 'idle' ? (
          <p role="status" className="text-sm text-fg-muted">
            Loading holders…
          </p>
        ) : holders.isError && !holders.data ? (
          <div className="flex flex-col items-start gap-2">
            <Alert kind="error">
              {HOLDERS_FETCH_FAILED_MESSAGE}: {errorMessage(holders.error, 'please try again.')}
            </Alert>
            <Button size="sm" onClick={() => void holders.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {holders.isRefetchError ? (
              <Alert kind="error">
                {HOLDERS_REFRESH_FAILED_MESSAGE}: {errorMessage(holders.error, 'please try again.')}
              </Alert>
            ) : null}
            {rows.length === 0 ? (
              <p className="text-sm text-fg-muted">{NO_HOLDERS_MESSAGE}</p>
            ) : (
              <>
                <ul aria-label="Holders by group" className="flex flex-wrap gap-2 text-xs">
                  <li className="text-fg-muted">{rows.length.toLocaleString('en-US')} holder(s)</li>
                  {summary.map((group) => (
                    <li key={group.key} className={GROUP_CLASS}>
                      {group.text}: {group.holders.toLocaleString('en-US')}
                    </li>
                  ))}
                </ul>
                <HoldersTable rows={rows} onCopyKey={setCopyFor} />
              </>
            )}
          </div>
        )}
      </Dialog>
      {copyFor ? <CopyKeyConfirm holder={copyFor} onDone={() => setCopyFor(null)} /> : null}
    </>
  );
}

function HoldersTable(props: {
  readonly rows: readonly HolderRowView[];
  readonly onCopyKey: (holder: HolderRowView) => void;
}) {
  return (
    <VirtualTable
      label="Holders"
      rows={props.rows}
      rowKey={(row) => row.id}
      columns="grid-cols-[minmax(14rem,1.4fr)_9rem_7rem_minmax(8rem,1fr)_minmax(6rem,1fr)_7rem]"
      maxHeight="max-h-[28rem]"
      header={
        <>
          <span role="columnheader">Wallet</span>
          <span role="columnheader" className="text-right">
            Amount
          </span>
          <span role="columnheader" className="text-right">
            SOL
          </span>
          <span role="columnheader">Groups</span>
          <span role="columnheader">Tags</span>
          <span role="columnheader" className="text-right">
            Key
          </span>
        </>
      }
      cells={(row) => (
        <>
          <span role="cell" className="flex min-w-0 items-center gap-1.5" data-holder={row.address}>
            <code className="font-mono text-xs" title={row.address}>
              {row.addressShort}
            </code>
            <CopyButton value={row.address} label={`Copy ${row.address}`} />
            {row.name ? (
              <span className="truncate text-xs text-fg-muted" title={row.name}>
                {row.name}
              </span>
            ) : null}
            {row.isMaster ? <span className={MASTER_BADGE_CLASS}>Master</span> : null}
            {row.isTrader ? <span className={TRADER_BADGE_CLASS}>Trader</span> : null}
          </span>
          <span role="cell" className="truncate text-right tabular-nums" title={row.amount}>
            {row.amount}
          </span>
          <span role="cell" className="text-right tabular-nums">
            {row.sol}
          </span>
          <span role="cell" className="flex min-w-0 gap-1 overflow-hidden">
            {row.groups.map((group) => (
              <span key={group.key} className={GROUP_CLASS} title={group.text}>
                {group.text}
              </span>
            ))}
          </span>
          <span role="cell" className="flex min-w-0 gap-1 overflow-hidden">
            {row.tags.map((tag) => (
              <span key={tag.slug} className={GROUP_CLASS} title={tag.slug}>
                {tag.name}
              </span>
            ))}
          </span>
          <span role="cell" className="text-right">
            {row.canCopyKey ? (
              <Button size="sm" variant="ghost" onClick={() => props.onCopyKey(row)}>
                Copy key
              </Button>
            ) : null}
          </span>
        </>
      )}
    />
  );
}

/** Asks, then reveals through the audited call and copies; the key lives only until copied. */
function CopyKeyConfirm({
  holder,
  onDone,
}: {
  readonly holder: HolderRowView;
  readonly onDone: () => void;
}) {
  const reveal = useRevealKeys();
  const copyKey = useCopy(CLIPBOARD_BLOCKED, PRIVATE_KEY_COPIED);
  const toast = useToast();
  const confirm = () =>
    reveal.mutate(
      { walletIds: [holder.id], purpose: 'copy' },
      {
        onSuccess: ({ keys }) => {
          const key = keys.find((entry) => entry.id === holder.id);
          reveal.reset();
          onDone();
          if (!key) {
            toast.show({
              title: 'No Private Keys',
              description: 'No private keys available in scope',
              severity: 'warning',
            });
            return;
          }
          void copyKey(key.privateKey);
        },
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (open) return;
        reveal.reset();
        onDone();
      }}
      title="Copy private key"
      description={`Copy the private key of ${holder.addressShort} to the clipboard?`}
      confirmLabel="Copy key"
      onConfirm={confirm}
      busy={reveal.isPending}
      error={reveal.isError ? errorMessage(reveal.error, 'Failed to copy private key') : undefined}
    >
      <p className="text-sm text-fg-muted">
        Anyone who pastes it can move this wallet&apos;s funds. The copy is audited.
      </p>
    </ConfirmDialog>
  );
}
