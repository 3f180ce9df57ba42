import { Dialog } from '../../ui/dialog';
import { ArchivePanel } from './archive-panel';

export interface ArchivedWalletsDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/** Archived Wallets (spec 2 §2.4), opened from the Toolkit's View Archive tile. */
export function ArchivedWalletsDialog({ open, onOpenChange }: ArchivedWalletsDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Archived Wallets"
      description="Archived wallets are hidden from the list. Restore them, or delete them for good."
      className="w-[min(48rem,calc(100vw-2rem))]"
    >
      {open ? <ArchivePanel /> : null}
    </Dialog>
  );
}
