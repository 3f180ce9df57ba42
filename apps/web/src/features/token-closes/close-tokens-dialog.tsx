import type { CloseTokensPlan, RentDestination } from '@fleet/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { VirtualTable } from '../../ui/virtual-table';
import { useAbortJob } from '../jobs/use-jobs';
import { CloseProgressPanel } from './close-progress-panel';
import {
  closePlanFigures,
  planRefusal,
  RENT_DESTINATION_LABELS,
  scopeText,
  skippedRows,
} from './close-plan-view';
import type { CloseRequest } from './close-request-store';
import { closeOutcomeToast, closeProgressView } from './close-run';
import { useClosePlan, useCloseRun, useRefreshAfterClose } from './use-token-closes';

export const CLOSE_DIALOG_TITLE = 'Closing Token Accounts';

/** Planning a close the operator asked for, or following a job already started (a reload). */
export type CloseDialogMode =
  | { readonly kind: 'plan'; readonly request: CloseRequest }
  | { readonly kind: 'attach'; readonly jobId: string; readonly abortRequested: boolean };

export interface CloseTokensDialogProps {
  readonly mode: CloseDialogMode;
  /** The run is over (or never started): the dialog goes and its job is forgotten. */
  readonly onClose: (jobId: string | null) => void;
  /** The run goes on out of sight; the bottom bar follows the job to its toast. */
  readonly onHide: (jobId: string) => void;
  /** Told the job's id as soon as the stream names it, so a reload can re-attach. */
  readonly onStarted: (jobId: string) => void;
}

/**
 * Closing Token Accounts (spec 2 §2.4): the plan first (what closes, what stays open and why, the
 * rent, fees, net, transactions, where the rent goes), then Confirm executes that stored plan and
 * the events stream into the progress panel and its log; Abort asks the job to stop.
 */
export function CloseTokensDialog({ mode, onClose, onHide, onStarted }: CloseTokensDialogProps) {
  const toast = useToast();
  const refresh = useRefreshAfterClose();
  const abort = useAbortJob();
  const run = useCloseRun();
  const { state, attach } = run;
  const [rentDestination, setRentDestination] = useState<RentDestination>('master');
  const request = mode.kind === 'plan' ? mode.request : null;
  const plan = useClosePlan(request, rentDestination, state.status === 'idle');

  const attachTo = mode.kind === 'attach' ? mode.jobId : null;
  // Read when the stream attaches: a later poll's abort flag must not restart the stream.
  const attachAborting = useRef(mode.kind === 'attach' && mode.abortRequested);
  useEffect(() => {
    if (attachTo !== null) attach(attachTo, attachAborting.current);
  }, [attachTo, attach]);

  const started = useRef<string | null>(null);
  useEffect(() => {
    if (mode.kind !== 'plan' || state.jobId === null || started.current === state.jobId) return;
    started.current = state.jobId;
    onStarted(state.jobId);
  }, [mode.kind, state.jobId, onStarted]);

  const told = useRef(false);
  useEffect(() => {
    if (state.outcome === null || told.current) return;
    told.current = true;
    const message = closeOutcomeToast(state.outcome);
    if (message) toast.show(message);
    if (state.outcome.kind !== 'start-failed') refresh();
  }, [state.outcome, toast, refresh]);

  const refusal = plan.isError ? planRefusal(plan.error) : null;
  const refusalShown = useRef<unknown>(null);
  useEffect(() => {
    if (!refusal?.toast || refusalShown.current === plan.error) return;
    refusalShown.current = plan.error;
    toast.show(refusal.toast);
  }, [refusal, plan.error, toast]);

  const progress = closeProgressView(state);
  const planning = state.status === 'idle';
  const lostOrRunning =
    state.status === 'running' || (state.status === 'ended' && state.outcome?.kind === 'lost');
  const dismiss = () => {
    if (state.status === 'starting') return;
    if (lostOrRunning && state.jobId !== null) onHide(state.jobId);
    else onClose(state.jobId);
  };

  const requestAbort = () => {
    if (state.jobId === null) return;
    run.dispatch({ type: 'abort-requested' });
    abort.mutate(state.jobId, {
      onError: (error) => {
        const reason = errorMessage(error, 'The abort was not accepted.');
        run.dispatch({ type: 'abort-failed', message: reason });
        toast.show({ title: 'Abort Failed', description: reason, severity: 'error' });
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
      title={CLOSE_DIALOG_TITLE}
      description={
        request
          ? scopeText(request.walletAddresses, request.tokenMints)
          : 'A close already started, followed from its first event.'
      }
      className="w-[min(52rem,calc(100vw-2rem))]"
      footer={
        planning ? (
          <>
            <Button onClick={() => onClose(null)}>Cancel</Button>
            <Button
              variant="primary"
              busy={plan.isFetching}
              disabled={!plan.data}
              onClick={() => {
                if (plan.data) run.confirm(plan.data.planId);
              }}
            >
              Confirm
            </Button>
          </>
        ) : (
          <>
            {!progress.canClose ? (
              <>
                <Button
                  variant="ghost"
                  disabled={state.jobId === null}
                  onClick={() => {
                    if (state.jobId !== null) onHide(state.jobId);
                  }}
                >
                  Hide
                </Button>
                <Button
                  variant="danger"
                  busy={abort.isPending}
                  disabled={!progress.canAbort}
                  onClick={requestAbort}
                >
                  Abort
                </Button>
              </>
            ) : null}
            <Button variant="primary" disabled={!progress.canClose} onClick={dismiss}>
              Close
            </Button>
          </>
        )
      }
    >
      {planning ? (
        <div className="flex flex-col gap-3">
          <ChoiceGroup<RentDestination>
            label="Rent goes to"
            value={rentDestination}
            onChange={setRentDestination}
            options={[
              { value: 'master', label: RENT_DESTINATION_LABELS.master },
              { value: 'owner', label: RENT_DESTINATION_LABELS.owner },
            ]}
          />
          {plan.isFetching ? (
            <p role="status" className="text-sm text-fg-muted">
              Reading the token accounts from the chain…
            </p>
          ) : null}
          {refusal ? <Alert kind={refusal.kind}>{refusal.text}</Alert> : null}
          {plan.data && !plan.isFetching ? <ClosePlanView plan={plan.data} /> : null}
        </div>
      ) : (
        <CloseProgressPanel state={state} />
      )}
    </Dialog>
  );
}

function ClosePlanView({ plan }: { readonly plan: CloseTokensPlan }) {
  const skipped = skippedRows(plan);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl aria-label="Close plan" className="grid grid-cols-2 gap-x-4 gap-y-1">
        {closePlanFigures(plan).map((figure) => (
          <div key={figure.label} className="contents">
            <dt className="text-fg-muted">{figure.label}</dt>
            <dd className="text-right tabular-nums">
              {figure.value}
              {figure.address ? (
                <>
                  {' '}
                  <code title={figure.address}>{shortenAddress(figure.address)}</code>
                </>
              ) : null}
            </dd>
            {figure.note ? (
              <dd className="col-span-2 -mt-1 text-right text-xs text-fg-muted">{figure.note}</dd>
            ) : null}
          </div>
        ))}
      </dl>
      {skipped.rows.length > 0 ? (
        <VirtualTable
          label="Skipped accounts"
          rows={skipped.rows}
          rowKey={(row) => row.key}
          columns="grid-cols-[8rem_8rem_8rem_6rem_1fr]"
          maxHeight="max-h-48"
          header={
            <>
              <span role="columnheader">Wallet</span>
              <span role="columnheader">Account</span>
              <span role="columnheader">Mint</span>
              <span role="columnheader">Program</span>
              <span role="columnheader">Reason</span>
            </>
          }
          cells={(row) => (
            <>
              <code role="cell" className="truncate" title={row.wallet}>
                {shortenAddress(row.wallet)}
              </code>
              <code role="cell" className="truncate" title={row.tokenAccount}>
                {shortenAddress(row.tokenAccount)}
              </code>
              <code role="cell" className="truncate" title={row.mint}>
                {shortenAddress(row.mint)}
              </code>
              <span role="cell">{row.program}</span>
              <span role="cell">{row.reason}</span>
            </>
          )}
        />
      ) : null}
      {skipped.unlisted > 0 ? (
        <p className="text-xs text-fg-muted">
          and {skipped.unlisted.toLocaleString('en-US')} more skipped accounts
        </p>
      ) : null}
    </div>
  );
}
