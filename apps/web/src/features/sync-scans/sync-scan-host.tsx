import type { ComponentType } from 'react';
import type { OpenJob } from '../jobs/open-job-store';
import { syncScanDialogPlan, useKeptSyncScan } from './sync-scan-open-job';

/**
 * A sync scan's host, mounted once in the app shell: the dialog for whichever page opened it, or
 * for the scan of `kind` kept open (the bottom bar, a reload), and that scan followed to its end
 * (`Followed`) while its dialog is closed.
 */
export function SyncScanHost(props: {
  readonly kind: string;
  readonly request: { readonly id: number } | null;
  readonly Dialog: ComponentType<{ readonly jobId: string | null; readonly onClose: () => void }>;
  readonly Followed: ComponentType<{ readonly kept: OpenJob }>;
  readonly onClose: () => void;
}) {
  const { Dialog, Followed } = props;
  const kept = useKeptSyncScan(props.kind);
  const plan = syncScanDialogPlan(props.request, kept);
  return (
    <>
      {kept ? <Followed key={kept.jobId} kept={kept} /> : null}
      {plan.kind === 'dialog' ? (
        <Dialog key={plan.key} jobId={plan.jobId} onClose={props.onClose} />
      ) : null}
    </>
  );
}
