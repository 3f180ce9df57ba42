import { ArrowLeft } from 'lucide-react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { GROUP_LOAD_FAILED, groupWalletRow } from './group-view';
import { useGroupWallets } from './use-groups';

/** An opened group (spec 2 §4: loading, error, loaded) with a way back to the list. */
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
  const rows = wallets.data?.wallets.map(groupWalletRow) ?? [];
  return (
    <section className="flex flex-col gap-3" aria-label={`Group ${groupName}`}>
      <div className="flex items-center gap-3">
        <Button size="sm" variant="ghost" onClick={onBack}>
          <ArrowLeft className="size-3.5" aria-hidden /> Back
        </Button>
        <h3 className="text-sm font-bold">{wallets.data?.group.group_name ?? groupName}</h3>
        {wallets.data ? (
          <span className="text-xs text-fg-muted">{rows.length} wallet(s)</span>
        ) : null}
      </div>
      {wallets.isPending ? <p className="text-sm text-fg-muted">Loading group wallets…</p> : null}
      {wallets.isError ? (
        <Alert kind="error">{errorMessage(wallets.error, GROUP_LOAD_FAILED)}</Alert>
      ) : null}
      {wallets.isSuccess && rows.length === 0 ? (
        <p className="text-sm text-fg-muted">No wallets in this group.</p>
      ) : null}
      {rows.length > 0 ? (
        <div className="max-h-[32rem] overflow-auto rounded-md border border-border">
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>#</TableHeaderCell>
                <TableHeaderCell>Wallet</TableHeaderCell>
                <TableHeaderCell className="text-right">SOL</TableHeaderCell>
                <TableHeaderCell>
                  <span className="sr-only">Copy</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={row.id}>
                  <TableCell className="text-fg-muted">{index + 1}</TableCell>
                  <TableCell>
                    <span className="font-mono" title={row.address}>
                      {row.label}
                    </span>
                    {row.isMaster ? <Badge text="Master" /> : null}
                    {row.isTrader ? <Badge text="Trader" /> : null}
                  </TableCell>
                  <TableCell className="text-right font-mono">{row.sol}</TableCell>
                  <TableCell>
                    <CopyButton value={row.address} label={`Copy address ${row.address}`} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </section>
  );
}

function Badge({ text }: { readonly text: string }) {
  return (
    <span className="ml-2 rounded border border-border px-1.5 py-0.5 text-[10px] font-semibold text-fg-muted">
      {text}
    </span>
  );
}
