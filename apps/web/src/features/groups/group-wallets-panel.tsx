import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { ADDRESS_COPY_FAILED } from '../../ui/use-copy';
import { VirtualTable } from '../../ui/virtual-table';
import { useDisplayPreferences } from '../preferences/display-preferences-store';
import { useDisplayUnit } from '../preferences/display-unit-store';
import {
  GROUP_LOAD_FAILED,
  groupWalletBalance,
  groupWalletRow,
  type GroupWalletRow,
} from './group-view';
import { useGroupWallets } from './use-groups';

/**
 * An opened group (spec 2 §4: loading, error, loaded) with a way back to the list. A computed
 * group can hold every wallet of the tenant, so only the rows in view are in the DOM.
 */
export function GroupWalletsPanel({
  groupId,
  groupName,
  onBack,
}: {
  readonly groupId: string;
  readonly groupName: string;
  readonly onBack: () => void;
}) {
  const wallets = useGroupWallets(groupId);
  const rows = useMemo(() => wallets.data?.wallets.map(groupWalletRow) ?? [], [wallets.data]);
  const name = wallets.data?.group.group_name ?? groupName;
  return (
    <section className="flex flex-col gap-3" aria-label={`Group ${groupName}`}>
      <div className="flex items-center gap-3">
        <Button size="sm" variant="ghost" onClick={onBack}>
          <ArrowLeft className="size-3.5" aria-hidden /> Back
        </Button>
        <h3 className="text-sm font-bold">{name}</h3>
        {wallets.data ? (
          <span className="text-xs text-fg-muted">{rows.length.toLocaleString()} wallet(s)</span>
        ) : null}
      </div>
      {wallets.isPending ? <p className="text-sm text-fg-muted">Loading group wallets…</p> : null}
      {wallets.isError ? (
        <Alert kind="error">{errorMessage(wallets.error, GROUP_LOAD_FAILED)}</Alert>
      ) : null}
      {wallets.isSuccess && rows.length === 0 ? (
        <p className="text-sm text-fg-muted">No wallets in this group.</p>
      ) : null}
      {rows.length > 0 ? <GroupWalletTable name={name} rows={rows} /> : null}
    </section>
  );
}

function GroupWalletTable({
  name,
  rows,
}: {
  readonly name: string;
  readonly rows: readonly GroupWalletRow[];
}) {
  const unit = useDisplayUnit();
  const { hideBalances } = useDisplayPreferences();
  return (
    <VirtualTable
      label={`Wallets in ${name}`}
      rows={rows}
      rowKey={(row) => row.id}
      columns="grid-cols-[4rem_minmax(0,1fr)_12rem_3rem]"
      maxHeight="max-h-[32rem]"
      header={
        <>
          <span role="columnheader">#</span>
          <span role="columnheader">Wallet</span>
          <span role="columnheader" className="text-right">
            {unit === 'sol' ? 'SOL' : 'Lamports'}
          </span>
          <span role="columnheader">
            <span className="sr-only">Copy</span>
          </span>
        </>
      }
      cells={(row, index) => (
        <>
          <span role="cell" className="text-fg-muted">
            {index + 1}
          </span>
          <span role="cell" className="flex min-w-0 items-center">
            <span className="truncate font-mono" title={row.address}>
              {row.label}
            </span>
            {row.isMaster ? <Badge text="Master" /> : null}
            {row.isTrader ? <Badge text="Trader" /> : null}
          </span>
          <span role="cell" className="text-right font-mono tabular-nums">
            {groupWalletBalance(row, unit, hideBalances)}
          </span>
          <span role="cell">
            <CopyButton
              value={row.address}
              label={`Copy address ${row.address}`}
              failure={ADDRESS_COPY_FAILED}
            />
          </span>
        </>
      )}
    />
  );
}

function Badge({ text }: { readonly text: string }) {
  return (
    <span className="ml-2 shrink-0 rounded border border-border px-1.5 py-0.5 text-[10px] font-semibold text-fg-muted">
      {text}
    </span>
  );
}
