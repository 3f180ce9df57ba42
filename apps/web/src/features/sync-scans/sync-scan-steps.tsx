import type { ReactNode } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { JobProgressBar } from '../jobs/job-progress-parts';
import type { SyncScanError } from './sync-scan-messages';
import { ScanLog, SyncScanErrorAlert, Waiting } from './sync-scan-parts';
import { statusLine } from './sync-scan-view';

/** One state of a sync scan dialog as drawn: its line under the title, its body and buttons. */
export interface SyncScanStep {
  readonly description: string;
  readonly body: ReactNode;
  readonly footer: ReactNode;
}

/** A sync scan's dialog around its current step; closing it by Escape or the overlay is `onClose`. */
export function SyncScanDialog(props: {
  readonly title: string;
  readonly step: SyncScanStep;
  readonly width: 'narrow' | 'wide';
  readonly onClose: () => void;
}) {
  const { step } = props;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={props.title}
      description={step.description}
      className={
        props.width === 'wide'
          ? 'w-[min(60rem,calc(100vw-2rem))]'
          : 'w-[min(44rem,calc(100vw-2rem))]'
      }
      footer={step.footer}
    >
      <div className="flex max-h-[70vh] flex-col gap-3 overflow-auto pr-1">{step.body}</div>
    </Dialog>
  );
}

export function CloseButton({
  onClose,
  label = 'Cancel',
}: {
  readonly onClose: () => void;
  readonly label?: string;
}) {
  return <Button onClick={onClose}>{label}</Button>;
}

/** A step that asks before it goes on: the error of the last try, if there was one. */
export function confirmStep(options: {
  readonly description: string;
  readonly error: SyncScanError | null;
  readonly action: string;
  readonly onAction: () => void;
  readonly busy?: boolean;
  readonly onClose: () => void;
}): SyncScanStep {
  return {
    description: options.description,
    body: <SyncScanErrorAlert error={options.error} />,
    footer: (
      <>
        <CloseButton onClose={options.onClose} />
        <Button variant="primary" busy={options.busy ?? false} onClick={options.onAction}>
          {options.action}
        </Button>
      </>
    ),
  };
}

/** A step waiting for one answer (the tokens or the wallets from the database). */
export function waitingStep(options: {
  readonly description: string;
  readonly text: string;
  readonly onClose: () => void;
}): SyncScanStep {
  return {
    description: options.description,
    body: <Waiting text={options.text} />,
    footer: <CloseButton onClose={options.onClose} />,
  };
}

/** A running scan followed by polling: its bar, status line, log, Cancel and Close. */
export function followStep(options: {
  readonly description: string;
  readonly title: string;
  readonly progressLabel: string;
  readonly joined: boolean;
  readonly view: {
    readonly percent: number;
    readonly countText: string;
    readonly canCancel: boolean;
  };
  readonly job: (Parameters<typeof statusLine>[0] & { readonly logs: readonly string[] }) | null;
  readonly error: SyncScanError | null;
  readonly cancelBusy: boolean;
  readonly onCancel: () => void;
  readonly onClose: () => void;
}): SyncScanStep {
  const { job, view } = options;
  return {
    description: options.description,
    body: (
      <>
        {options.joined ? (
          <Alert kind="info">
            A {options.title.toLowerCase()} was already running: this dialog follows it.
          </Alert>
        ) : null}
        <JobProgressBar
          label={options.progressLabel}
          percent={view.percent}
          countText={view.countText}
        />
        <p role="status" className="text-sm text-fg-muted">
          {job ? statusLine(job) : 'Starting…'}
        </p>
        <SyncScanErrorAlert error={options.error} />
        <p className="text-xs text-fg-muted">
          Closing this dialog leaves the scan running; opening {options.title} again follows it.
        </p>
        <ScanLog logs={job?.logs ?? []} />
      </>
    ),
    footer: (
      <>
        <Button
          variant="danger"
          busy={options.cancelBusy}
          disabled={!view.canCancel}
          onClick={options.onCancel}
        >
          Cancel
        </Button>
        <CloseButton onClose={options.onClose} label="Close" />
      </>
    ),
  };
}
