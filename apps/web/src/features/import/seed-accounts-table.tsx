import { CopyButton } from '../../ui/copy-button';
import { cn } from '../../ui/cn';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { ScanCells } from './scan-cells';
import type { WalletScan } from './scan-state';
import type { SeedAccountRow } from './seed-preview';

/**
 * The derived accounts of a seed preview: a checkbox to choose it, index, path, address, whether a
 * discovery found it used, and balances once scanned.
 */
export function SeedAccountsTable({
  accounts,
  scanned,
  selection,
  used,
  onToggle,
  onToggleAll,
}: {
  readonly accounts: readonly SeedAccountRow[];
  readonly scanned: ReadonlyMap<string, WalletScan>;
  readonly selection: ReadonlySet<string>;
  /** Present after a discovery. */
  readonly used: ReadonlySet<string> | undefined;
  readonly onToggle: (address: string, checked: boolean) => void;
  readonly onToggleAll: (checked: boolean) => void;
}) {
  const allSelected = accounts.length > 0 && selection.size === accounts.length;
  return (
    <div className="max-h-[60vh] overflow-auto rounded-md border border-border">
      <Table>
        <TableHead>
          <TableRow>
            <TableHeaderCell className="w-10">
              <input
                type="checkbox"
                aria-label="Select all accounts"
                className="size-4 accent-[var(--accent)]"
                checked={allSelected}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            </TableHeaderCell>
            <TableHeaderCell className="w-14">#</TableHeaderCell>
            <TableHeaderCell>Path</TableHeaderCell>
            <TableHeaderCell>Address</TableHeaderCell>
            {used ? <TableHeaderCell>On chain</TableHeaderCell> : null}
            <TableHeaderCell className="text-right">SOL</TableHeaderCell>
            <TableHeaderCell className="text-right">Tokens</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {accounts.map((account) => (
            <TableRow key={account.address}>
              <TableCell>
                <input
                  type="checkbox"
                  aria-label={`Select ${account.address}`}
                  className="size-4 accent-[var(--accent)]"
                  checked={selection.has(account.address)}
                  onChange={(event) => onToggle(account.address, event.target.checked)}
                />
              </TableCell>
              <TableCell className="tabular-nums">{account.index}</TableCell>
              <TableCell className="font-mono text-xs">
                <code>{account.derivationPath}</code>
              </TableCell>
              <TableCell className="font-mono text-xs break-all">
                <code>{account.address}</code>
                <CopyButton value={account.address} label={`Copy address ${account.address}`} />
              </TableCell>
              {used ? (
                <TableCell>
                  <span
                    className={cn(
                      'rounded px-2 py-0.5 text-xs font-semibold',
                      used.has(account.address)
                        ? 'bg-success/10 text-success'
                        : 'bg-surface-sunken text-fg-muted',
                    )}
                  >
                    {used.has(account.address) ? 'Used' : 'Empty'}
                  </span>
                </TableCell>
              ) : null}
              <ScanCells wallet={scanned.get(account.address)} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
