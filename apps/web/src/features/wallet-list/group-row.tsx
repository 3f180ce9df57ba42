import { checkStateOf, formatBalanceWithUnit, NO_VALUE, relativeTime } from '@fleet/core';
import { cn } from '../../ui/cn';
import { rowIconClass } from '../../ui/icon-images';
import { memo } from 'react';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { TriStateCheckbox } from './tri-state-checkbox';
import type { GroupSummary } from './wallet-list-model';
import { ROW_HEIGHT } from './wallet-table-columns';

/** The grouped table's columns (spec 2 §2.1): group, VALUE, TOKEN, scan, actions. */
export const GROUP_ROW_TEMPLATE = '40px 40px minmax(220px, 1fr) 170px 110px 120px 72px';

export interface GroupRowProps {
  readonly group: GroupSummary;
  readonly selected: ReadonlySet<string>;
  readonly unit: DisplayUnit;
  readonly hideBalances: boolean;
  readonly now: number;
  /** Offset in the virtual body: a number, so the memoised row skips renders while scrolling. */
  readonly top: number;
  /** Its place in the table for assistive technology (the header is row 1). */
  readonly rowIndex: number;
  readonly onToggleOpen: (bucketId: string) => void;
  readonly onToggleMembers: (ids: readonly string[]) => void;
  readonly onCopy: (text: string) => void;
}

export const GROUP_HEADER_HEIGHT = 32;

/** The header line's cells over GROUP_ROW_TEMPLATE: the first spans checkbox, expand and name. */
const GROUP_HEADERS = [
  ['GROUPS', 'col-span-3'],
  ['VALUE', 'text-right'],
  ['TOKEN', 'text-right'],
  ['SCAN', ''],
  ['ACTIONS', ''],
] as const;

/** The grouped table's own header line, over the group rows (the wallet header follows it). */
export const GroupTableHeader = memo(function GroupTableHeader({
  rowIndex,
}: {
  readonly rowIndex: number;
}) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className="grid items-center border-b border-border bg-surface-sunken text-xs font-semibold tracking-wide text-fg-muted"
      style={{ gridTemplateColumns: GROUP_ROW_TEMPLATE, height: GROUP_HEADER_HEIGHT }}
    >
      {GROUP_HEADERS.map(([label, className]) => (
        <div key={label} role="columnheader" className={cn('px-2', className)}>
          {label}
        </div>
      ))}
    </div>
  );
});

export const GroupRow = memo(function GroupRow(props: GroupRowProps) {
  const { group } = props;
  const state = checkStateOf(props.selected, group.walletIds);
  const value = formatBalanceWithUnit(group.lamports, props.unit);
  return (
    <div
      role="row"
      aria-rowindex={props.rowIndex}
      className="absolute top-0 left-0 grid w-full items-center border-b border-border bg-surface-raised text-sm font-semibold"
      style={{
        transform: `translateY(${props.top}px)`,
        height: ROW_HEIGHT,
        gridTemplateColumns: GROUP_ROW_TEMPLATE,
        contain: 'strict',
      }}
    >
      <div role="cell" className="px-2">
        <TriStateCheckbox
          state={state}
          label={`Select all wallets in ${group.label}`}
          onToggle={() => props.onToggleMembers(group.walletIds)}
        />
      </div>
      <div role="cell">
        <button
          type="button"
          aria-label={group.expanded ? `Collapse ${group.label}` : `Expand ${group.label}`}
          aria-expanded={group.expanded}
          className={cn(
            'rounded hover:bg-surface-sunken',
            rowIconClass(group.expanded ? 'chevron-down' : 'chevron-right'),
          )}
          onClick={() => props.onToggleOpen(group.id)}
        />
      </div>
      <div role="cell" className="min-w-0 truncate px-2">
        {group.label}{' '}
        <span className="text-xs font-normal text-fg-muted">
          ({group.walletIds.length.toLocaleString()})
        </span>
      </div>
      <div role="cell" className="px-2 text-right tabular-nums">
        {props.hideBalances ? HIDDEN_BALANCE : value}
      </div>
      <div role="cell" className="px-2 text-right tabular-nums">
        {group.tokensWithBalance.toLocaleString()}
      </div>
      <div role="cell" className="px-2 text-xs font-normal text-fg-muted">
        {group.lastScannedAt ? relativeTime(group.lastScannedAt, props.now) : NO_VALUE}
      </div>
      <div role="cell" className="px-2">
        <button
          type="button"
          aria-label={`Copy the addresses in ${group.label}`}
          title="Copy addresses, one per line"
          className={cn('rounded hover:bg-surface-sunken', rowIconClass('copy'))}
          onClick={() => props.onCopy(group.addresses.join('\n'))}
        />
      </div>
    </div>
  );
});
