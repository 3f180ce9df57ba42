import { QUICK_REFRESH_JOB_KIND, exhaustiveSwitchError } from '@fleet/core';
import { useEffect, useReducer } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  INITIAL_QUICK_REFRESH,
  QUICK_REFRESH_CANCELLED,
  followingQuickRefresh,
  quickRefreshFigures,
  quickRefreshJobOf,
  quickRefreshOutcome,
  quickRefreshProgressView,
  quickRefreshReducer,
  scanConfirmText,
  type QuickRefreshState,
} from './quick-refresh-state';
import { FigureList, ScanLog, SyncScanErrorAlert } from './sync-scan-parts';
import { releaseSyncScan, useKeepSyncScanOpen } from './sync-scan-open-job';
import {
  CloseButton,
  confirmStep,
  followStep,
  waitingStep,
  type SyncScanStep,
  SyncScanDialog,
} from './sync-scan-steps';
import {
  useAbortQuickRefresh,
  useFetchQuickRefreshTokens,
  useQuickRefreshProgress,
  useStartQuickRefresh,
} from './use-quick-refresh';
import { useRefreshAfterSyncScan } from './use-refresh-after-sync-scan';

/**
 * The Quick Refresh (spec 2 §4): fetch the known tokens, confirm, follow the job every 1.5 s with
 * Cancel, then its report; 'Sync & Refresh' reads the page's lists again. The job followed is the
 * one kept open (`sync-scan-open-job`): closing the dialog while it runs leaves it running, the
 * host follows it out of sight to its end (and reads the lists again then), and the bottom bar or
 * the Sync menu opens the dialog on it again. `jobId` opens the dialog on that scan.
 */
export function QuickRefreshDialog({
  jobId,
  onClose,
}: {
  readonly jobId: string | null;
  readonly onClose: () => void;
}) {
  const [state, dispatch] = useReducer(quickRefreshReducer, jobId, (kept): QuickRefreshState =>
    kept === null ? INITIAL_QUICK_REFRESH : followingQuickRefresh(kept),
  );
  const fetchTokens = useFetchQuickRefreshTokens();
  const start = useStartQuickRefresh();
  const abort = useAbortQuickRefresh();
  const progress = useQuickRefreshProgress(state.kind === 'progress' ? state.jobId : null);
  const refresh = useRefreshAfterSyncScan();
  const followed = quickRefreshJobOf(state);
  const followedId = followed?.jobId ?? null;

  useEffect(() => {
    if (progress.data) dispatch({ type: 'polled', progress: progress.data });
  }, [progress.data]);
  useEffect(() => {
    if (progress.error) dispatch({ type: 'pollFailed', error: progress.error });
  }, [progress.error]);
  // The host follows it from now on, to its end, and re-reads what it wrote then.
  useKeepSyncScanOpen(QUICK_REFRESH_JOB_KIND, followedId);

  const close = () => {
    if (followed !== null) releaseSyncScan(followed.jobId, followed.ended);
    onClose();
  };
  const runFetch = () => {
    dispatch({ type: 'fetch' });
    fetchTokens.mutate(undefined, {
      onSuccess: (tokens) => dispatch({ type: 'fetched', tokens }),
      onError: (error) => dispatch({ type: 'fetchFailed', error }),
    });
  };
  const startScan = () =>
    start.mutate(undefined, {
      onSuccess: (started) => dispatch({ type: 'started', start: started }),
      onError: (error) => dispatch({ type: 'startFailed', error }),
    });
  const cancel = (id: string) =>
    abort.mutate(id, {
      onSuccess: (answer) => dispatch({ type: 'polled', progress: answer }),
      onError: (error) => dispatch({ type: 'cancelFailed', error }),
    });
  const syncAndRefresh = () => {
    refresh();
    close();
  };

  const step = quickRefreshStep(state, {
    fetch: runFetch,
    startScan,
    startBusy: start.isPending,
    cancel,
    cancelBusy: abort.isPending,
    syncAndRefresh,
    onClose: close,
  });
  return <SyncScanDialog title="Quick Refresh" step={step} width="narrow" onClose={close} />;
}

export interface QuickRefreshStepHandlers {
  readonly fetch: () => void;
  readonly startScan: () => void;
  readonly startBusy: boolean;
  readonly cancel: (jobId: string) => void;
  readonly cancelBusy: boolean;
  readonly syncAndRefresh: () => void;
  readonly onClose: () => void;
}

export function quickRefreshStep(
  state: QuickRefreshState,
  on: QuickRefreshStepHandlers,
): SyncScanStep {
  switch (state.kind) {
    case 'fetchConfirm':
      return confirmStep({
        description:
          'Fetch the token accounts stored for every active wallet, then confirm the refresh.',
        error: state.error,
        action: 'Fetch Tokens',
        onAction: on.fetch,
        onClose: on.onClose,
      });
    case 'fetching':
      return waitingStep({
        description: 'Fetching tokens from the database.',
        text: 'Fetching tokens…',
        onClose: on.onClose,
      });
    case 'scanConfirm':
      return confirmStep({
        description: scanConfirmText(state.tokens),
        error: state.error,
        action: 'Start Scan',
        onAction: on.startScan,
        busy: on.startBusy,
        onClose: on.onClose,
      });
    case 'progress':
      return followStep({
        description: 'Refreshing SOL and known token balances from the chain.',
        title: 'Quick Refresh',
        progressLabel: 'Refresh progress',
        joined: state.joined,
        view: quickRefreshProgressView(state),
        job: state.job,
        error: state.error,
        cancelBusy: on.cancelBusy,
        onCancel: () => on.cancel(state.jobId),
        onClose: on.onClose,
      });
    case 'summary': {
      const outcome = quickRefreshOutcome(state.job);
      return {
        description: 'The quick refresh has ended.',
        body: (
          <>
            {outcome.kind === 'failed' ? <SyncScanErrorAlert error={outcome.error} /> : null}
            {outcome.kind === 'withErrors' ? (
              <SyncScanErrorAlert error={outcome.error} kind="warning" />
            ) : null}
            {outcome.kind === 'cancelled' ? (
              <Alert kind="warning">{QUICK_REFRESH_CANCELLED}</Alert>
            ) : null}
            {outcome.kind === 'clean' ? (
              <Alert kind="success">Every wallet was refreshed.</Alert>
            ) : null}
            <FigureList
              label="Quick refresh report"
              figures={quickRefreshFigures(state.job.report)}
            />
            <ScanLog logs={state.job.logs} />
          </>
        ),
        footer: (
          <>
            <CloseButton onClose={on.onClose} label="Close" />
            <Button variant="primary" onClick={on.syncAndRefresh}>
              Sync &amp; Refresh
            </Button>
          </>
        ),
      };
    }
    default:
      return exhaustiveSwitchError(state);
  }
}
