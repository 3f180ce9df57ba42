import { X } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { GroupByMenu } from './group-by-menu';
import { HeaderLine } from './header-line';
import { fleetScanAge } from './portfolio-cards';
import { PortfolioOverview } from './portfolio-overview';
import { RenameWalletHost } from './rename-wallet-dialog';
import { ViewMenu } from './view-menu';
import { WalletSearchBox } from './wallet-search-box';
import { WalletTable } from '../wallet-list/wallet-table';
import { WalletToolkitBar } from './wallet-toolkit-bar';
import { useWalletView } from '../wallet-list/wallet-view-context';

/** The List tab (spec 2 §2.1): sticky search bar, Portfolio Overview, View and group-by, table. */
export function WalletListTab() {
  const view = useWalletView();
  return (
    <div className="flex flex-col gap-4">
      <div className="sticky top-0 z-20 flex flex-wrap items-center gap-3 bg-surface py-2">
        <WalletSearchBox />
        <WalletToolkitBar />
      </div>
      <PortfolioOverview
        summary={view.summary}
        scanAge={fleetScanAge(view.allWallets, view.clockNow)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <ViewMenu
          segment={view.segment}
          onChoose={view.chooseSegment}
          seedCounts={view.seedCounts}
        />
        <GroupByMenu mode={view.groupMode} onChange={view.setGroupMode} />
        {view.tagFilter ? (
          <FilterChip
            label={`Tag: ${view.tagFilter.name}`}
            onClear={() => view.clearFilter('tag')}
          />
        ) : null}
        {view.groupFilter ? (
          <FilterChip
            label={`Group: ${view.groupFilter.name || view.groupFilter.id}`}
            onClear={() => view.clearFilter('group')}
          />
        ) : null}
        {view.selection.selected.size > 0 ? (
          <span className="text-xs text-fg-muted">{view.selection.selected.size} selected</span>
        ) : null}
      </div>
      <HeaderLine totals={view.totals} />
      {view.status === 'pending' ? <p className="text-sm text-fg-muted">Loading wallets…</p> : null}
      {view.status === 'error' ? (
        <div className="flex items-center gap-3">
          <Alert kind="error">Failed to load wallets: {view.error?.message}</Alert>
          <Button size="sm" onClick={view.refetch}>
            Retry
          </Button>
        </div>
      ) : null}
      {view.status === 'success' ? <WalletTable /> : null}
      <RenameWalletHost />
    </div>
  );
}

function FilterChip({ label, onClear }: { readonly label: string; readonly onClear: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-raised py-1 pr-1 pl-3 text-xs">
      {label}
      <button
        type="button"
        aria-label={`Clear ${label}`}
        className="rounded-full p-0.5 hover:bg-surface-sunken"
        onClick={onClear}
      >
        <X className="size-3" aria-hidden />
      </button>
    </span>
  );
}
