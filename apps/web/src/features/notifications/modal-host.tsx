import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { modalSlot, useTransientMessage } from './transient-message';

/** The modal kind of spec 1 §4: a message the operator must acknowledge; one at a time. */
export function ModalHost() {
  const modal = useTransientMessage(modalSlot);
  if (!modal) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) modalSlot.dismiss(modal.id);
      }}
      title={modal.title ?? severityTitle[modal.severity]}
      footer={<Button onClick={() => modalSlot.dismiss(modal.id)}>OK</Button>}
    >
      <p className="text-sm break-words">{modal.message}</p>
    </Dialog>
  );
}

const severityTitle = {
  info: 'Notice',
  success: 'Done',
  warning: 'Warning',
  error: 'Error',
} as const;
