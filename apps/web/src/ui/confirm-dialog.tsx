import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly busy?: boolean;
  /** Keeps the confirm button off until a typed confirmation matches. */
  readonly confirmDisabled?: boolean;
  /** An error from the confirmed action, shown inside the dialog so it is never missed. */
  readonly error?: string | undefined;
  readonly children?: ReactNode;
  /** Width and the like, for a confirmation that lists what it acts on. */
  readonly className?: string;
}

/** Asks before a destructive action; the action's own failure is shown in place. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  confirmDisabled = false,
  error,
  children,
  className,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      {...(className ? { className } : {})}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? (
        <p
          role="alert"
          className="mt-2 rounded-md border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
