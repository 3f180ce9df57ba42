import {
  DERIVATION_SCHEME_LABELS,
  type SeedGroup,
  type SlimWallet,
  formatBalanceWithUnit,
  formatUsd,
  relativeTime,
} from '@fleet/core';
import { ChevronDown, ChevronRight, Filter } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Menu, MenuItem, MenuSeparator } from '../../ui/menu';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { useDisplayPreferences } from '../preferences/display-preferences-store';
import { useDisplayUnit } from '../preferences/display-unit-store';
import { shownBalance } from '../preferences/hidden-balance';
import { RenameSeedDialog } from './rename-seed-dialog';
import {
  ALL_SEEDS,
  buildSeedRoster,
  filterSeedRoster,
  summarizeSeeds,
  type SeedFilter,
  type SeedRosterRow,
} from './seed-roster';
import { SeedSummaryCards } from './seed-summary-cards';
import { useSeedGroups, useSeedWallets } from './seed-vaults-api';
import { useNow } from '../../ui/use-now';
import { SeedWalletRows } from './seed-wallet-rows';

export interface SeedsTabProps {
  /**
   * The page's slim wallet list, when it has one; without it the tab fetches
   * `GET /api/wallets?mode=slim` itself (under the `['wallets']` key prefix).
   */
  readonly wallets?: readonly SlimWallet[];
  /** The SOL price the wallets' values were made with, for the USD figures. */
  readonly solPriceUsd?: number | null;
}

/** The Seeds tab (Seed Control Center, spec 2 §2.2). */
export function SeedsTab({ wallets, solPriceUsd = null }: SeedsTabProps) {
  const groups = useSeedGroups();
  const fetched = useSeedWallets(wallets === undefined);
  const list = wallets ?? fetched.data;

  if (groups.isPending) return <p className="text-sm text-fg-muted">Loading seed vaults…</p>;
  if (groups.isError) {
    return <Alert kind="error">{errorMessage(groups.error, 'Failed to load seed vaults')}</Alert>;
  }
  if (groups.data.groups.length === 0) {
    return <p className="text-sm text-fg-muted">No seed vaults yet. Import a seed phrase first.</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      {fetched.isError ? (
        <Alert kind="error">
          Seed values could not be loaded: {errorMessage(fetched.error, 'Failed to fetch wallets')}
        </Alert>
      ) : null}
      <ConnectedSeedControlCenter
        groups={groups.data.groups}
        wallets={list ?? []}
        valuesLoaded={list !== undefined}
        solPriceUsd={solPriceUsd}
      />
    </div>
  );
}

interface SeedControlCenterData {
  readonly groups: readonly SeedGroup[];
  readonly wallets: readonly SlimWallet[];
  readonly valuesLoaded: boolean;
  readonly solPriceUsd: number | null;
}

/** Reads the display preferences (units, hidden balances) for the roster. */
function ConnectedSeedControlCenter(props: SeedControlCenterData) {
  const unit = useDisplayUnit();
  const { hideBalances } = useDisplayPreferences();
  return <SeedControlCenter {...props} unit={unit} hideBalances={hideBalances} />;
}

/** The Seed Control Center body, driven by props only. */
export function SeedControlCenter({
  groups,
  wallets,
  valuesLoaded,
  solPriceUsd,
  unit,
  hideBalances,
}: SeedControlCenterData & {
  readonly unit: 'sol' | 'lamports';
  readonly hideBalances: boolean;
}) {
  const [filter, setFilter] = useState<SeedFilter>(ALL_SEEDS);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [renaming, setRenaming] = useState<SeedRosterRow | null>(null);
  const roster = useMemo(
    () => buildSeedRoster(groups, wallets, solPriceUsd),
    [groups, wallets, solPriceUsd],
  );
  const rows = filterSeedRoster(roster, filter, search);
  const summary = summarizeSeeds(filter === ALL_SEEDS ? roster : rows);
  const now = useNow();
  const filterLabel = roster.find((row) => row.id === filter)?.label ?? 'All seeds';

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <Menu
          label="Seed filter"
          trigger={
            <Button size="md">
              <Filter className="size-3.5" aria-hidden /> {filterLabel}
            </Button>
          }
        >
          <MenuItem onSelect={() => setFilter(ALL_SEEDS)}>All seeds</MenuItem>
          <MenuSeparator />
          {roster.map((row) => (
            <MenuItem key={row.id} onSelect={() => setFilter(row.id)}>
              {row.label} ({row.walletCount})
            </MenuItem>
          ))}
        </Menu>
        <div className="min-w-64 flex-1">
          <Input
            label="Search seeds"
            type="search"
            placeholder="Label, fingerprint or wallet address"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <SeedSummaryCards summary={summary} unit={unit} hideBalances={hideBalances} />
      <div className="overflow-auto rounded-md border border-border">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Seed</TableHeaderCell>
              <TableHeaderCell>Wallets</TableHeaderCell>
              <TableHeaderCell className="text-right">Value</TableHeaderCell>
              <TableHeaderCell>Last activity</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-sm text-fg-muted">
                  No seed vaults match.
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((row) => {
              const isOpen = expanded.has(row.id);
              return (
                <Fragment key={row.id}>
                  <TableRow>
                    <TableCell>
                      <div className="font-semibold">{row.label}</div>
                      <div className="font-mono text-xs text-fg-muted">{row.fingerprint}</div>
                      <div className="keep-case text-xs text-fg-muted" data-scheme={row.scheme}>
                        {DERIVATION_SCHEME_LABELS[row.scheme]}
                      </div>
                    </TableCell>
                    <TableCell>{row.walletCount}</TableCell>
                    <TableCell className="text-right font-mono">
                      {valuesLoaded
                        ? shownBalance(formatBalanceWithUnit(row.lamports, unit), hideBalances)
                        : '…'}
                      {valuesLoaded && row.usd !== null ? (
                        <div className="text-xs text-fg-muted">
                          {shownBalance(formatUsd(row.usd), hideBalances)}
                        </div>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-fg-muted">
                      {relativeTime(row.lastActivity, now)}
                    </TableCell>
                    <TableCell>
                      <div className="flex gap-1">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={isOpen}
                          onClick={() => toggle(row.id)}
                        >
                          {isOpen ? (
                            <ChevronDown className="size-3.5" aria-hidden />
                          ) : (
                            <ChevronRight className="size-3.5" aria-hidden />
                          )}
                          Toggle
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setRenaming(row)}>
                          Rename
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                  {isOpen ? (
                    <SeedWalletRows
                      wallets={row.wallets}
                      unit={unit}
                      hideBalances={hideBalances}
                      now={now}
                    />
                  ) : null}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <RenameSeedDialog
        seed={renaming ? { id: renaming.id, label: renaming.label } : null}
        onClose={() => setRenaming(null)}
      />
    </>
  );
}
