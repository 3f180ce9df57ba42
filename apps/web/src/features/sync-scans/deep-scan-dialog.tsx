import { DEEP_SCAN_JOB_KIND, exhaustiveSwitchError, type DeepScanProgress } from '@fleet/core';
import { useEffect, useReducer } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  DEEP_SCAN_ABORTED,
  INITIAL_DEEP_SCAN,
  deepScanConfirmText,
  deepScanJobOf,
  deepScanFigures,
  deepScanOutcome,
  deepScanProgressView,
  deepScanReducer,
  deepScanResultRows,
  followingDeepScan,
  updateConfirmText,
  updateFigures,
  type DeepScanState,
} from './deep-scan-state';
import { SCAN_RESULTS_SHOWN, ScanResultsTable } from '../jobs/scan-results-table';
import { FigureList, SyncScanErrorAlert, Waiting } from './sync-scan-parts';
import { releaseSyncScan, useKeepSyncScanOpen } from './sync-scan-open-job';
import {
  CloseButton,
  confirmStep,
  followStep,
  waitingStep,
  type SyncScanStep,
  SyncScanDialog,
} from './sync-scan-steps';
import { countText } from './sync-scan-view';
import {
  useAbortDeepScan,
  useDeepScanProgress,
  useFetchDeepScanWallets,
  useStartDeepScan,
  useUpdateFromDeepScan,
} from './use-deep-scan';
import { useRefreshAfterSyncScan } from './use-refresh-after-sync-scan';

/** The results table draws this many rows; the figures above it count every wallet. */

/**
 * The Deep Scan (spec 2 §4): fetch the wallets, confirm, follow the scan every second with Cancel,
 * review its report (which may be aborted), then confirm the update, which writes what the server
 * read, and its final summary. The scan writes nothing by itself. The scan followed is the job
 * kept open (`sync-scan-open-job`): closed while it runs, the host follows it out of sight, and
 * the bottom bar or the Sync menu opens the dialog on it again, its report too once it ended.
 * `jobId` opens the dialog on that scan.
 */
export function DeepScanDialog({
  jobId,
  onClose,
}: {
  readonly jobId: string | null;
  readonly onClose: () => void;
}) {
  const [state, dispatch] = useReducer(deepScanReducer, jobId, (kept): DeepScanState =>
    kept === null ? INITIAL_DEEP_SCAN : followingDeepScan(kept),
  );
  const fetchWallets = useFetchDeepScanWallets();
  const start = useStartDeepScan();
  const abort = useAbortDeepScan();
  const update = useUpdateFromDeepScan();
  const progress = useDeepScanProgress(state.kind === 'scanning' ? state.jobId : null);
  const refresh = useRefreshAfterSyncScan();

  useEffect(() => {
    if (progress.data) dispatch({ type: 'polled', progress: progress.data });
  }, [progress.data]);
  useEffect(() => {
    if (progress.error) dispatch({ type: 'pollFailed', error: progress.error });
  }, [progress.error]);
  const updated = state.kind === 'finalSummary';
  useEffect(() => {
    if (updated) refresh();
  }, [updated, refresh]);
  const followed = deepScanJobOf(state);
  const followedId = followed?.jobId ?? null;
  useKeepSyncScanOpen(DEEP_SCAN_JOB_KIND, followedId);
  const close = () => {
    if (followed !== null) releaseSyncScan(followed.jobId, followed.ended);
    onClose();
  };

  const on: DeepScanStepHandlers = {
    fetch: () => {
      dispatch({ type: 'fetch' });
      fetchWallets.mutate(undefined, {
        onSuccess: ({ wallets }) =>
          dispatch({ type: 'fetched', wallets, jobId: crypto.randomUUID() }),
        onError: (error) => dispatch({ type: 'fetchFailed', error }),
      });
    },
    startScan: (publicAddresses, id) =>
      start.mutate(
        { publicAddresses, jobId: id },
        {
          onSuccess: (started) => dispatch({ type: 'started', jobId: started.jobId }),
          onError: (error) => dispatch({ type: 'startFailed', error }),
        },
      ),
    startBusy: start.isPending,
    cancel: (id) =>
      abort.mutate(id, {
        onSuccess: (answer) => {
          if (answer) dispatch({ type: 'polled', progress: answer });
        },
        onError: (error) => dispatch({ type: 'cancelFailed', error }),
      }),
    cancelBusy: abort.isPending,
    requestUpdate: () => dispatch({ type: 'requestUpdate' }),
    backToSummary: () => dispatch({ type: 'backToSummary' }),
    update: (id, job) => {
      dispatch({ type: 'update' });
      update.mutate(
        { jobId: id, report: job.report },
        {
          onSuccess: (details) => dispatch({ type: 'updated', details }),
          onError: (error) => dispatch({ type: 'updateFailed', error }),
        },
      );
    },
    onClose: close,
  };
  const step = deepScanStep(state, on);
  return <SyncScanDialog title="Deep Scan" step={step} width="wide" onClose={close} />;
}

export interface DeepScanStepHandlers {
  readonly fetch: () => void;
  readonly startScan: (publicAddresses: readonly string[], jobId: string) => void;
  readonly startBusy: boolean;
  readonly cancel: (jobId: string) => void;
  readonly cancelBusy: boolean;
  readonly requestUpdate: () => void;
  readonly backToSummary: () => void;
  readonly update: (jobId: string, job: DeepScanProgress) => void;
  readonly onClose: () => void;
}

export function deepScanStep(state: DeepScanState, on: DeepScanStepHandlers): SyncScanStep {
  switch (state.kind) {
    case 'fetchConfirm':
      return confirmStep({
        description: 'Fetch the addresses of every active wallet, then confirm the scan.',
        error: state.error,
        action: 'Fetch Wallets',
        onAction: on.fetch,
        onClose: on.onClose,
      });
    case 'fetching':
      return waitingStep({
        description: 'Fetching wallet addresses from the database.',
        text: 'Fetching wallets…',
        onClose: on.onClose,
      });
    case 'scanConfirm':
      return confirmStep({
        description: deepScanConfirmText(state.wallets.length),
        error: state.error,
        action: 'Start Scan',
        onAction: () => on.startScan(state.wallets, state.jobId),
        busy: on.startBusy,
        onClose: on.onClose,
      });
    case 'scanning':
      return followStep({
        description: 'Scanning the wallets from the chain; nothing is written yet.',
        title: 'Deep Scan',
        progressLabel: 'Scan progress',
        joined: state.joined,
        view: deepScanProgressView(state.job),
        job: state.job,
        error: state.error,
        cancelBusy: on.cancelBusy,
        onCancel: () => on.cancel(state.jobId),
        onClose: on.onClose,
      });
    case 'summary':
      return {
        description: 'Review what the scan read; Update writes it.',
        body: (
          <>
            <ScanOutcome job={state.job} />
            <FigureList label="Deep scan report" figures={deepScanFigures(state.job)} />
            <SyncScanErrorAlert error={state.error} />
            <ScanResults job={state.job} />
          </>
        ),
        footer: (
          <>
            <CloseButton onClose={on.onClose} label="Close" />
            <Button variant="primary" onClick={on.requestUpdate}>
              Update
            </Button>
          </>
        ),
      };
    case 'updateConfirm':
      return {
        description: updateConfirmText(state.job.report),
        body: <SyncScanErrorAlert error={state.error} />,
        footer: (
          <>
            <Button onClick={on.backToSummary}>Back</Button>
            <Button variant="danger" onClick={() => on.update(state.jobId, state.job)}>
              Update
            </Button>
          </>
        ),
      };
    case 'updating':
      return {
        description: 'Writing the scan to the database.',
        body: <Waiting text="Updating…" />,
        footer: null,
      };
    case 'finalSummary':
      return {
        description: 'The scan has been written.',
        body: (
          <>
            <Alert kind="success">The update is done.</Alert>
            <FigureList label="Update summary" figures={updateFigures(state.details)} />
          </>
        ),
        footer: (
          <Button variant="primary" onClick={on.onClose}>
            Close
          </Button>
        ),
      };
    default:
      return exhaustiveSwitchError(state);
  }
}

function ScanOutcome({ job }: { readonly job: DeepScanProgress }) {
  const outcome = deepScanOutcome(job);
  switch (outcome.kind) {
    case 'failed':
      return <SyncScanErrorAlert error={outcome.error} />;
    case 'withErrors':
      return <SyncScanErrorAlert error={outcome.error} kind="warning" />;
    case 'aborted':
      return <Alert kind="warning">{DEEP_SCAN_ABORTED}</Alert>;
    case 'clean':
      return <Alert kind="success">Every wallet scanned was read in full.</Alert>;
    default:
      return exhaustiveSwitchError(outcome);
  }
}

/** Spec 2 §9's scan results table: wallet, status, tokens and error; errors first. */
function ScanResults({ job }: { readonly job: DeepScanProgress }) {
  const rows = deepScanResultRows(job.report.scanResults);
  if (rows.length === 0) return null;
  const shown = Math.min(rows.length, SCAN_RESULTS_SHOWN);
  return (
    <>
      <ScanResultsTable rows={rows} />
      {rows.length > shown ? (
        <p className="text-xs text-fg-muted">
          Showing {countText(shown)} of {countText(rows.length)} wallets.
        </p>
      ) : null}
    </>
  );
}
