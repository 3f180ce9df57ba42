import type { ReactNode } from 'react';
import { Button } from '../../ui/button';

/** A job's progress bar with its processed/total count beside it. */
export function JobProgressBar({
  label,
  percent,
  countText,
}: {
  /** The bar's accessible name ("Operation progress"). */
  readonly label: string;
  readonly percent: number;
  readonly countText: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <progress
        className="h-2 flex-1"
        max={100}
        value={percent}
        aria-label={label}
        aria-valuetext={countText}
      />
      <span className="text-sm tabular-nums">{countText}</span>
    </div>
  );
}

/**
 * A progress dialog's buttons (spec 2 §4): Hide and Cancel while the job runs, Close only once it
 * is done, and whatever the finished report offers (`whenDone`) beside it.
 */
export function JobProgressFooter({
  canClose,
  canCancel,
  cancelling,
  onHide,
  onCancel,
  onClose,
  whenDone,
}: {
  readonly canClose: boolean;
  readonly canCancel: boolean;
  /** The abort request is on its way. */
  readonly cancelling: boolean;
  readonly onHide: () => void;
  readonly onCancel: () => void;
  readonly onClose: () => void;
  readonly whenDone?: ReactNode;
}) {
  return (
    <>
      {!canClose ? (
        <>
          <Button variant="ghost" onClick={onHide}>
            Hide
          </Button>
          <Button variant="danger" busy={cancelling} disabled={!canCancel} onClick={onCancel}>
            Cancel
          </Button>
        </>
      ) : (
        whenDone
      )}
      <Button variant="primary" disabled={!canClose} onClick={onClose}>
        Close
      </Button>
    </>
  );
}

/** A job's newest log lines, as its progress dialog shows them; nothing while there are none. */
export function JobLog({ lines }: { readonly lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <ol
      aria-label="Log"
      className="max-h-40 overflow-auto rounded-md border border-border bg-surface-sunken px-2 py-1 font-mono text-xs"
    >
      {lines.map((line, index) => (
        <li key={`${index}:${line}`}>{line}</li>
      ))}
    </ol>
  );
}
