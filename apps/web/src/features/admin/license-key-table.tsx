import type { LicenseKey } from '@fleet/core';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../format/date';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { CopyButton } from '../../ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import {
  DEFAULT_LICENSE_KEY_SORT,
  licenseKeyStatus,
  nextSort,
  sortLicenseKeys,
  usesLabel,
  type LicenseKeyColumn,
  type LicenseKeySort,
  type LicenseKeyStatus,
} from './license-key-view';

const HEADINGS: readonly { readonly column: LicenseKeyColumn; readonly label: string }[] = [
  { column: 'key', label: 'Key' },
  { column: 'tier', label: 'Tier' },
  { column: 'uses', label: 'Uses' },
  { column: 'created_at', label: 'Created' },
  { column: 'expires_at', label: 'Expires' },
  { column: 'status', label: 'Status' },
  { column: 'name', label: 'Name' },
];

const STATUS_STYLE: Record<LicenseKeyStatus, string> = {
  active: 'border-success/50 text-success',
  expired: 'border-warning/50 text-warning',
  revoked: 'border-danger/50 text-danger',
};

export interface LicenseKeyTableProps {
  readonly keys: readonly LicenseKey[];
  /** When the list was fetched (epoch ms): a key's status is as of then. */
  readonly asOf: number;
  readonly onChange: (key: LicenseKey) => void;
  readonly onRevoke: (key: LicenseKey) => void;
}

/** The sortable key table of spec 1 §2: click a heading to sort, again to reverse. */
export function LicenseKeyTable({ keys, asOf, onChange, onRevoke }: LicenseKeyTableProps) {
  const [sort, setSort] = useState<LicenseKeySort>(DEFAULT_LICENSE_KEY_SORT);
  const asOfDate = useMemo(() => new Date(asOf), [asOf]);
  const rows = useMemo(() => sortLicenseKeys(keys, sort, asOfDate), [keys, sort, asOfDate]);

  if (keys.length === 0) {
    return <p className="text-sm text-fg-muted">No licence keys yet.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <Table aria-label="Licence keys">
        <TableHead>
          <TableRow>
            {HEADINGS.map((heading) => (
              <SortableHeading
                key={heading.column}
                label={heading.label}
                column={heading.column}
                sort={sort}
                onSort={(column) => setSort(nextSort(sort, column))}
              />
            ))}
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((entry) => {
            const status = licenseKeyStatus(entry, asOfDate);
            return (
              <TableRow key={entry.key}>
                <TableCell>
                  <span className="flex items-center gap-1">
                    <code className="font-mono text-xs">{entry.key}</code>
                    <CopyButton value={entry.key} label={`Copy key ${entry.key}`} />
                  </span>
                </TableCell>
                <TableCell>{entry.tier}</TableCell>
                <TableCell className="whitespace-nowrap">{usesLabel(entry)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(entry.created_at)}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(entry.expires_at)}
                </TableCell>
                <TableCell>
                  <span
                    className={cn(
                      'rounded border px-2 py-0.5 text-xs font-semibold',
                      STATUS_STYLE[status],
                    )}
                  >
                    {status}
                  </span>
                </TableCell>
                <TableCell className="keep-case">{entry.name ?? ''}</TableCell>
                <TableCell>
                  <span className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onChange(entry)}
                      disabled={status === 'revoked'}
                      aria-label={`Change key ${entry.key}`}
                    >
                      Change
                    </Button>
                    <Button
                      size="sm"
                      variant="danger-ghost"
                      onClick={() => onRevoke(entry)}
                      disabled={status === 'revoked'}
                      aria-label={`Revoke key ${entry.key}`}
                    >
                      Revoke
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function SortableHeading({
  label,
  column,
  sort,
  onSort,
}: {
  readonly label: string;
  readonly column: LicenseKeyColumn;
  readonly sort: LicenseKeySort;
  readonly onSort: (column: LicenseKeyColumn) => void;
}) {
  const active = sort.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHeaderCell
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn('inline-flex items-center gap-1 hover:text-fg', active && 'text-fg')}
      >
        {label}
        <Icon className="size-3" aria-hidden />
      </button>
    </TableHeaderCell>
  );
}
