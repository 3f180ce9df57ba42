import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog } from '../../ui/dialog';
import { WALLET_TABLE_COLUMNS } from './wallet-columns';
import { setWalletColumnVisible, useHiddenWalletColumns } from './wallet-columns-store';

/** "Customize columns" from the settings menu: which optional wallet-table columns show. */
export function CustomizeColumnsDialog({
  open,
  onOpenChange,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  const hidden = useHiddenWalletColumns();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Customize columns"
      description="Wallet, selection and actions always show; choose the other columns of the wallet table."
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="sr-only">Wallet table columns</legend>
        {WALLET_TABLE_COLUMNS.map((column) => (
          <Checkbox
            key={column.id}
            label={column.label}
            checked={!hidden.has(column.id)}
            onChange={(event) => setWalletColumnVisible(column.id, event.target.checked)}
          />
        ))}
      </fieldset>
    </Dialog>
  );
}
