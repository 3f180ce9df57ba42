import type { AggregatedTokenSortKey, TokenFilter } from '@fleet/core';
import { ChevronDown, RefreshCw } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Menu, MenuItem } from '../../ui/menu';
import { useNow } from '../../ui/use-now';
import { openBurnTokens } from '../token-burns/burn-request-store';
import { openCloseTokens } from '../token-closes/close-request-store';
import {
  syncMenuItems,
  TOKENS_SYNC_ACTIONS,
  type SyncActions,
  type SyncKind,
} from './sync-actions';
import { batchProgressText } from './token-actions-run';
import { TokenHoldersDialog } from './token-holders-dialog';
import { TokensTable } from './tokens-table';
import {
  filterButtons,
  keptSelection,
  LOAD_FAILED_TEXT,
  LOADING_TEXT,
  MARKET_PENDING_TEXT,
  nextSort,
  NO_TOKENS_IN_FILTER_TEXT,
  NO_TOKENS_TEXT,
  overviewParamsFrom,
  paramsOfOverview,
  selectedMints,
  toggledAll,
  toggledOne,
  tokenRow,
  visibleTokens,
  type OverviewParams,
} from './tokens-overview-view';
import { useAggregatedTokens, useClassifyTokens, useMarketRefresh } from './use-tokens-overview';

/**
 * `/tokens` (spec 2 §2.5, issue 20): every mint the fleet holds, summed over its wallets, with the
 * class filters and their counts, the sortable columns, and the token actions: Close Acct per row
 * and Close Selected (the close dialog scoped to those mints), Burn Dust, Classify Tokens,
 * Refresh Market Data and the Sync menu. `?mint=` opens the mint's holders dialog; the filter
 * and the sort live in the address bar too, so a view can be linked.
 */
export function TokensOverviewPage({
  syncActions = TOKENS_SYNC_ACTIONS,
}: {
  /** The scans the Sync menu offers (only those whose dialogs exist). */
  readonly syncActions?: SyncActions;
}) {
  const [params, setParams] = useSearchParams();
  const view = overviewParamsFrom(params);
  const tokens = useAggregatedTokens();
  const classify = useClassifyTokens();
  const market = useMarketRefresh();
  const now = useNow(60_000);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());

  const listed = useMemo(
    () => visibleTokens(tokens.data?.tokens ?? [], view.filter, view.sort),
    [tokens.data, view.filter, view.sort],
  );
  const rows = useMemo(() => listed.map((token) => tokenRow(token, now)), [listed, now]);
  // Derived, not synchronised: a mint that leaves the list (a filter, a close) leaves the selection.
  const selected = keptSelection(picked, listed);
  const chosen = selectedMints(selected, listed);

  const show = useCallback(
    (next: OverviewParams) => setParams(paramsOfOverview(params, next), { replace: true }),
    [params, setParams],
  );
  const onFilter = (filter: TokenFilter) => show({ ...view, filter });
  const onSort = (key: AggregatedTokenSortKey) => show({ ...view, sort: nextSort(view.sort, key) });
  // Stable across renders (read from the address bar as it is then): the memoised rows keep it.
  const onOpenHolders = useCallback(
    (mint: string) =>
      setParams((current) => paramsOfOverview(current, { ...overviewParamsFrom(current), mint })),
    [setParams],
  );
  const closeHolders = () => show({ ...view, mint: null });
  const onToggle = useCallback(
    (mint: string) => setPicked((current) => toggledOne(current, mint)),
    [],
  );
  const onCloseAccounts = useCallback((mint: string) => openCloseTokens([], [mint]), []);
  const syncItems = syncMenuItems(syncActions);
  const onSync = (kind: SyncKind) => syncActions[kind]?.();
  const holdersToken = view.mint
    ? tokens.data?.tokens.find((token) => token.id === view.mint)
    : undefined;

  return (
    <div className="mx-auto flex w-full max-w-[96rem] flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold tracking-wider">Tokens</h1>
        {tokens.data ? (
          <span className="text-xs text-fg-muted">
            {tokens.data.counts.all.toLocaleString('en-US')} mint(s)
          </span>
        ) : null}
        {tokens.data?.marketPending === true ? (
          <span role="status" className="text-xs text-fg-muted">
            {MARKET_PENDING_TEXT}
          </span>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          busy={tokens.isFetching && !tokens.isPending}
          onClick={() => void tokens.refetch()}
          aria-label="Reload tokens"
        >
          <RefreshCw className="size-4" aria-hidden />
        </Button>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            disabled={chosen.length === 0}
            onClick={() => openCloseTokens([], chosen)}
          >
            Close Selected{chosen.length > 0 ? ` (${chosen.length.toLocaleString('en-US')})` : ''}
          </Button>
          <Button
            size="sm"
            title={chosen.length === 0 ? 'Dust of every mint' : 'Dust of the selected tokens only'}
            onClick={() => openBurnTokens([], chosen.length > 0 ? chosen : undefined)}
          >
            Burn Dust
          </Button>
          <Button size="sm" busy={classify.isPending} onClick={() => classify.mutate()}>
            Classify Tokens
          </Button>
          <Button
            size="sm"
            busy={market.isPending}
            disabled={tokens.data === undefined}
            onClick={() => market.start(listed.map((token) => token.id))}
          >
            {market.progress
              ? `Refreshing market data: ${batchProgressText(market.progress)}`
              : 'Refresh Market Data'}
          </Button>
          <SyncMenu items={syncItems} onSync={onSync} />
        </div>
      </div>

      <div role="group" aria-label="Token class" className="flex flex-wrap gap-2">
        {filterButtons(tokens.data?.counts, view.filter).map((button) => (
          <button
            key={button.filter}
            type="button"
            aria-pressed={button.pressed}
            onClick={() => onFilter(button.filter)}
            className={cn(
              'inline-flex h-8 items-center gap-2 rounded-md border px-3 text-xs font-semibold',
              button.pressed
                ? 'border-accent bg-accent/15 text-fg'
                : 'border-border text-fg-muted hover:text-fg',
            )}
          >
            {button.label}
            <span className="rounded bg-surface-sunken px-1.5 tabular-nums" data-count>
              {button.count}
            </span>
          </button>
        ))}
      </div>

      {tokens.isPending ? (
        <p role="status" className="text-sm text-fg-muted">
          {LOADING_TEXT}
        </p>
      ) : tokens.isError && !tokens.data ? (
        <div className="flex flex-col items-start gap-2">
          <Alert kind="error">
            {LOAD_FAILED_TEXT}: {errorMessage(tokens.error, 'please try again.')}
          </Alert>
          <Button size="sm" onClick={() => void tokens.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          {tokens.isRefetchError ? (
            <Alert kind="error">
              Failed to refresh: {errorMessage(tokens.error, 'please try again.')}
            </Alert>
          ) : null}
          {rows.length === 0 ? (
            <p className="rounded-md border border-border p-8 text-center text-sm text-fg-muted">
              {(tokens.data?.counts.all ?? 0) === 0 ? NO_TOKENS_TEXT : NO_TOKENS_IN_FILTER_TEXT}
            </p>
          ) : (
            <TokensTable
              rows={rows}
              sort={view.sort}
              selected={selected}
              onSort={onSort}
              onToggle={onToggle}
              onToggleAll={() => setPicked(toggledAll(selected, listed))}
              onOpenHolders={onOpenHolders}
              onCloseAccounts={onCloseAccounts}
            />
          )}
        </>
      )}

      {view.mint ? (
        <TokenHoldersDialog
          key={view.mint}
          mint={view.mint}
          token={holdersToken}
          onClose={closeHolders}
        />
      ) : null}
    </div>
  );
}

/** The Sync menu: only the scans whose dialogs exist; none yet, and the button says so. */
function SyncMenu(props: {
  readonly items: readonly { readonly kind: SyncKind; readonly label: string }[];
  readonly onSync: (kind: SyncKind) => void;
}) {
  if (props.items.length === 0) {
    return (
      <Button size="sm" disabled title="No scan can be started from here yet">
        Sync
        <ChevronDown className="size-3" aria-hidden />
      </Button>
    );
  }
  return (
    <Menu
      label="Sync"
      align="end"
      trigger={
        <Button size="sm">
          Sync
          <ChevronDown className="size-3" aria-hidden />
        </Button>
      }
    >
      {props.items.map((item) => (
        <MenuItem key={item.kind} onSelect={() => props.onSync(item.kind)}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
