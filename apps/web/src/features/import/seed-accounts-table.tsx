import { CopyButton } from '../../ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { ScanCells } from './scan-cells';
import type { WalletScan } from './scan-state';
import type { SeedAccountRow } from './seed-preview';

/** The derived accounts of a seed preview: index, path, address, balances once scanned. */
export function SeedAccountsTable({
  accounts,
  scanned,
}: {
  readonly accounts: readonly SeedAccountRow[];
  readonly scanned: ReadonlyMap<string, WalletScan>;
}) {
  return (
    <div className="max-h-[60vh] overflow-auto rounded-md border border-border">
      <Table>
        <TableHead>
          <TableRow>
            <TableHeaderCell className="w-14">#</TableHeaderCell>
            <TableHeaderCell>Path</TableHeaderCell>
            <TableHeaderCell>Address</TableHeaderCell>
            <TableHeaderCell className="text-right">SOL</TableHeaderCell>
            <TableHeaderCell className="text-right">Tokens</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {accounts.map((account) => (
            <TableRow key={account.address}>
              <TableCell className="tabular-nums">{account.index}</TableCell>
              <TableCell className="font-mono text-xs">
                <code>{account.derivationPath}</code>
              </TableCell>
              <TableCell className="font-mono text-xs break-all">
                <code>{account.address}</code>
                <CopyButton value={account.address} label={`Copy address ${account.address}`} />
              </TableCell>
              <ScanCells wallet={scanned.get(account.address)} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
