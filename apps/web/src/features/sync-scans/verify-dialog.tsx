import { exhaustiveSwitchError, type VerifyReport } from '@fleet/core';
import { useEffect, useReducer } from 'react';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useNow } from '../../ui/use-now';
import { forgetOpenJob } from '../jobs/open-job-store';
import { useJob } from '../jobs/use-jobs';
import { FigureList, SyncScanErrorAlert, Waiting } from './sync-scan-parts';
import {
  CloseButton,
  confirmStep,
  SyncScanDialog,
  waitingStep,
  type SyncScanStep,
} from './sync-scan-steps';
import { countText } from './sync-scan-view';
import { useFetchVerifyWallets, useStartVerify } from './use-verify';
import {
  INITIAL_VERIFY,
  followingVerify,
  mismatchRows,
  verifyConfirmText,
  verifyFigures,
  verifyOutcomes,
  verifyJobOf,
  verifyReducer,
  verifyingText,
  type VerifyState,
} from './verify-state';

/**
 * Verify (spec 2 §4): fetch the wallets, confirm, wait for the scan with an elapsed-seconds
 * counter (the server answers when it is done), then where the stored numbers differ from the
 * chain. Nothing is written. Closing the dialog stops the wait; the scan finishes on the server.
 * A verify refused because one is running follows that one through its job (the jobs API) to its
 * report; `jobId` opens the dialog on a running verify (the bottom bar, a reload).
 */
export function VerifyDialog({
  jobId,
  onClose,
}: {
  readonly jobId: string | null;
  readonly onClose: () => void;
}) {
  const [state, dispatch] = useReducer(verifyReducer, jobId, (kept): VerifyState =>
    kept === null ? INITIAL_VERIFY : followingVerify(kept, Date.now()),
  );
  const fetchWallets = useFetchVerifyWallets();
  const startVerify = useStartVerify(dispatch);
  const following = state.kind === 'verifying' ? state.following : null;
  const followed = useJob(following);
  const shownJob = verifyJobOf(state);

  useEffect(() => {
    if (followed.data) dispatch({ type: 'followed', job: followed.data });
  }, [followed.data]);
  useEffect(() => {
    if (followed.error) dispatch({ type: 'followFailed', error: followed.error });
  }, [followed.error]);
  // Nothing of a verify is followed out of sight: one opened from the bottom bar (or a reload) is
  // let go when closed. A verify followed after a 409 is not made the job kept open, which would
  // put out of sight the quick refresh or deep scan kept there.
  const close = () => {
    if (shownJob !== null) forgetOpenJob(shownJob);
    onClose();
  };

  const on: VerifyStepHandlers = {
    fetch: () => {
      dispatch({ type: 'fetch' });
      fetchWallets.mutate(undefined, {
        onSuccess: ({ wallets }) => dispatch({ type: 'fetched', wallets }),
        onError: (error) => dispatch({ type: 'fetchFailed', error }),
      });
    },
    verify: startVerify,
    onClose: close,
  };
  const step = verifyStep(state, on);
  return <SyncScanDialog title="Verify" step={step} width="wide" onClose={close} />;
}

export interface VerifyStepHandlers {
  readonly fetch: () => void;
  readonly verify: () => void;
  readonly onClose: () => void;
}

export function verifyStep(state: VerifyState, on: VerifyStepHandlers): SyncScanStep {
  switch (state.kind) {
    case 'fetchConfirm':
      return confirmStep({
        description: 'Fetch the active wallets, then confirm the verification.',
        error: state.error,
        action: 'Fetch Wallets',
        onAction: on.fetch,
        onClose: on.onClose,
      });
    case 'fetching':
      return waitingStep({
        description: 'Fetching the wallets from the database.',
        text: 'Fetching wallets…',
        onClose: on.onClose,
      });
    case 'verifyConfirm':
      return confirmStep({
        description: verifyConfirmText(state.walletCount),
        error: state.error,
        action: 'Verify',
        onAction: on.verify,
        onClose: on.onClose,
      });
    case 'verifying':
      return {
        description: verifyConfirmText(state.walletCount),
        body: (
          <>
            {state.following !== null ? (
              <Alert kind="info">
                A verify was already running: this dialog follows it and shows its report when it
                ends.
              </Alert>
            ) : null}
            <Elapsed startedAt={state.startedAt} />
            <SyncScanErrorAlert error={state.error} />
            <p className="text-xs text-fg-muted">
              A large fleet takes minutes. Closing this dialog stops waiting; the scan still
              finishes and is kept in the jobs list.
            </p>
          </>
        ),
        footer: <CloseButton onClose={on.onClose} label="Close" />,
      };
    case 'summary':
      return {
        description: 'The stored balances compared with the chain.',
        body: <VerifySummary report={state.report} />,
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

/** The elapsed-seconds counter while the server scans. */
function Elapsed({ startedAt }: { readonly startedAt: number }) {
  const now = useNow(1_000);
  return <Waiting text={verifyingText(startedAt, now)} />;
}

function VerifySummary({ report }: { readonly report: VerifyReport }) {
  const { rows, hiddenCount } = mismatchRows(report.mismatches);
  return (
    <>
      {verifyOutcomes(report).map((outcome) => {
        switch (outcome.kind) {
          case 'withErrors':
            return <SyncScanErrorAlert key={outcome.kind} error={outcome.error} kind="warning" />;
          case 'differing':
            return (
              <Alert key={outcome.kind} kind="warning">
                {outcome.text}
              </Alert>
            );
          case 'matching':
            return (
              <Alert key={outcome.kind} kind="success">
                Every wallet matches the chain.
              </Alert>
            );
          default:
            return exhaustiveSwitchError(outcome);
        }
      })}
      <FigureList label="Verify report" figures={verifyFigures(report)} />
      {rows.length > 0 ? (
        <div className="max-h-72 overflow-auto rounded-md border border-border">
          <table className="w-full text-xs" aria-label="Mismatches">
            <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
              <tr>
                <th className="px-2 py-1">Wallet</th>
                <th className="px-2 py-1 text-right">Stored SOL</th>
                <th className="px-2 py-1 text-right">Chain SOL</th>
                <th className="px-2 py-1 text-right">Missing accounts</th>
                <th className="px-2 py-1 text-right">Gone accounts</th>
                <th className="px-2 py-1 text-right">Different amounts</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.address} className="border-t border-border" data-address={row.address}>
                  <td className="px-2 py-1 font-mono" title={row.address}>
                    {shortenAddress(row.address)}
                  </td>
                  <td className="px-2 py-1 text-right tabular-nums">{row.storedSol}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{row.chainSol}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{row.missingAccounts}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{row.goneAccounts}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{row.differentAmounts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {hiddenCount > 0 ? (
        <p className="text-xs text-fg-muted">
          Showing the first {countText(rows.length)} of {countText(report.mismatches.length)}{' '}
          differing wallets.
        </p>
      ) : null}
    </>
  );
}
