import type { BurnTokensPlanRequest } from '@fleet/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { useAbortJob } from '../jobs/use-jobs';
import {
  burnPlanRequest,
  burnScopeText,
  changeBurnForm,
  initialBurnForm,
  mintFilterOptions,
  sameBurnRequest,
  unpricedMintOptions,
  type BurnFormChange,
} from './burn-form';
import { BurnFormPanel } from './burn-form-panel';
import { BurnPlanPanel } from './burn-plan-panel';
import { burnPlanRefusal } from './burn-plan-view';
import { BurnProgressPanel } from './burn-progress-panel';
import type { BurnRequest } from './burn-request-store';
import { burnOutcomeToast, burnProgressView } from './burn-run';
import { useBurnPlan, useBurnRun, useHeldAssets, useRefreshAfterBurn } from './use-token-burns';

/** The Tokens Overview's button and the Toolkit's tile say Burn Dust (spec 2 §2.5). */
export const BURN_DIALOG_TITLE = 'Burn Dust';

/** Planning a burn the operator asked for, or following a job already started (a reload). */
export type BurnDialogMode =
  | { readonly kind: 'plan'; readonly request: BurnRequest }
  | { readonly kind: 'attach'; readonly jobId: string; readonly abortRequested: boolean };

export interface BurnTokensDialogProps {
  readonly mode: BurnDialogMode;
  /** The run is over (or never started): the dialog goes and its job is forgotten. */
  readonly onClose: (jobId: string | null) => void;
  /** The run goes on out of sight; the bottom bar follows the job to its toast. */
  readonly onHide: (jobId: string) => void;
  /** Told the job's id as soon as the stream names it, so a reload can re-attach. */
  readonly onStarted: (jobId: string) => void;
}

/**
 * Burn Dust (spec 2 §2.4's burn dialog): the question first (a USD or raw threshold, the mints,
 * the unpriced mints to count anyway, where the rent goes), planned from the chain and the market
 * on the server; the plan (what burns, mint by mint and wallet by wallet, what is skipped and why,
 * rent, fees, net); Confirm executes that stored plan, and its events stream into the progress
 * panel and its log; Abort asks the job to stop.
 */
export function BurnTokensDialog({ mode, onClose, onHide, onStarted }: BurnTokensDialogProps) {
  const toast = useToast();
  const refresh = useRefreshAfterBurn();
  const abort = useAbortJob();
  const run = useBurnRun();
  const { state, attach } = run;
  const request = mode.kind === 'plan' ? mode.request : null;
  const walletAddresses = request?.walletAddresses ?? NO_WALLETS;

  const [form, setForm] = useState(() => initialBurnForm(request?.tokenMints));
  const current = burnPlanRequest(form, walletAddresses);
  // The dialog plans its first question as it opens, as the close dialog does; later ones when
  // the operator asks, since each plan reads the chain and the market.
  const [asked, setAsked] = useState<BurnTokensPlanRequest | null>(() =>
    current.ok ? current.request : null,
  );
  const planning = state.status === 'idle';
  const plan = useBurnPlan(request?.id ?? 0, asked, planning && request !== null);
  const assets = useHeldAssets();
  const heldAssets = assets.data ?? NO_ASSETS;
  const planIsCurrent =
    plan.data !== undefined &&
    !plan.isFetching &&
    current.ok &&
    asked !== null &&
    sameBurnRequest(current.request, asked);

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
    const message = burnOutcomeToast(state.outcome);
    if (message) toast.show(message);
    if (state.outcome.kind !== 'start-failed') refresh();
  }, [state.outcome, toast, refresh]);

  const refusal = plan.isError ? burnPlanRefusal(plan.error) : null;
  const refusalShown = useRef<unknown>(null);
  useEffect(() => {
    if (!refusal?.toast || refusalShown.current === plan.error) return;
    refusalShown.current = plan.error;
    toast.show(refusal.toast);
  }, [refusal, plan.error, toast]);

  const progress = burnProgressView(state);
  const lostOrRunning =
    state.status === 'running' || (state.status === 'ended' && state.outcome?.kind === 'lost');
  const dismiss = () => {
    if (state.status === 'starting') return;
    if (lostOrRunning && state.jobId !== null) onHide(state.jobId);
    else onClose(state.jobId);
  };

  const change = (next: BurnFormChange) => setForm((previous) => changeBurnForm(previous, next));
  const askPlan = () => {
    if (!current.ok) return;
    if (asked !== null && sameBurnRequest(current.request, asked)) void plan.refetch();
    else setAsked(current.request);
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
      title={BURN_DIALOG_TITLE}
      description={
        request
          ? burnScopeText(request.walletAddresses)
          : 'A burn already started, followed from its first event.'
      }
      className="w-[min(60rem,calc(100vw-2rem))]"
      footer={
        planning ? (
          <>
            <Button onClick={() => onClose(null)}>Cancel</Button>
            <Button busy={plan.isFetching} disabled={!current.ok} onClick={askPlan}>
              {plan.data || plan.isError ? 'Plan Again' : 'Plan'}
            </Button>
            <Button
              variant="danger"
              disabled={!planIsCurrent}
              onClick={() => {
                if (plan.data && planIsCurrent) run.confirm(plan.data.planId);
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
        // The plan scrolls under the title and above the buttons, which stay in view.
        <div className="-mr-2 flex max-h-[calc(100vh-14rem)] flex-col gap-4 overflow-y-auto pr-2">
          <BurnFormPanel
            form={form}
            onChange={change}
            mintOptions={mintFilterOptions(heldAssets, form.chosenMints)}
            unpricedOptions={unpricedMintOptions(heldAssets, plan.data, form.unpricedMints)}
            loadingMints={assets.isPending}
          />
          {!current.ok && form.mintScope === 'chosen' && form.chosenMints.length === 0 ? (
            <Alert kind="info">{current.error}</Alert>
          ) : null}
          {plan.isFetching ? (
            <p role="status" className="text-sm text-fg-muted">
              Reading the token accounts from the chain and their prices from the market…
            </p>
          ) : null}
          {refusal && !plan.isFetching ? <Alert kind={refusal.kind}>{refusal.text}</Alert> : null}
          {plan.data && !plan.isFetching && !planIsCurrent && current.ok ? (
            <Alert kind="info">The question changed since this plan: plan again to confirm.</Alert>
          ) : null}
          {plan.data && !plan.isFetching ? (
            <BurnPlanPanel plan={plan.data} assets={heldAssets} />
          ) : null}
        </div>
      ) : (
        <BurnProgressPanel state={state} />
      )}
    </Dialog>
  );
}

const NO_WALLETS: readonly string[] = Object.freeze([]);
const NO_ASSETS = Object.freeze([]);
