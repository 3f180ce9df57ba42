import type { OperationDetail } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { KIND_LABELS } from '../operations/operation-rows';
import { canConfirmPlan } from './plan-summary';
import { PlanView } from './plan-view';
import { canRetryFailed, retryRequest, type RetryRequest } from './retry-failed';
import { useExecuteRetry, usePlanRetry } from './use-sol-operations';

/**
 * "Retry failed" on a finished operation's report (issue 17): plans a new operation for the
 * failed wallets alone, shows that plan as every confirm step does, and on Confirm runs it; its
 * progress dialog then takes over. Nothing is drawn while no wallet failed or the run is not over.
 */
export function RetryFailedButton({
  operation,
  jobDone,
  onStarted,
}: {
  readonly operation: OperationDetail;
  /** The job that ran the operation is done (a cancelled run leaves the operation unfinished). */
  readonly jobDone: boolean;
  /** The retry started; its progress dialog is open. */
  readonly onStarted?: () => void;
}) {
  // The request as it was when asked: the report may be read again while its plan is on screen.
  const [requested, setRequested] = useState<RetryRequest | null>(null);
  const planner = usePlanRetry();
  const retry = canRetryFailed(operation, jobDone) ? retryRequest(operation) : null;
  if (retry === null && requested === null) return null;
  const ask = (request: RetryRequest) => {
    setRequested(request);
    planner.mutate(request);
  };
  const close = () => {
    setRequested(null);
    planner.reset();
  };
  return (
    <>
      {retry ? <Button onClick={() => ask(retry)}>Retry failed ({retry.wallets})</Button> : null}
      {requested ? (
        <RetryFailedDialog
          retry={requested}
          planner={planner}
          onClose={close}
          onStarted={() => {
            close();
            onStarted?.();
          }}
        />
      ) : null}
    </>
  );
}

const RETRY_NOTES: Readonly<Record<RetryRequest['kind'], string>> = {
  'sol.distribute': 'The same amounts go to the recipients that failed, in a new operation.',
  'sol.aggregate':
    'The wallets that failed are withdrawn again, with the same fee strategy, in a new operation.',
  'sol.double_distribution':
    'The destinations that failed are paid again through fresh middlemen, in a new operation. A middleman the failed attempt left holding SOL keeps it until it is withdrawn to the master.',
};

function RetryFailedDialog({
  retry,
  planner,
  onClose,
  onStarted,
}: {
  readonly retry: RetryRequest;
  readonly planner: ReturnType<typeof usePlanRetry>;
  readonly onClose: () => void;
  readonly onStarted: () => void;
}) {
  const execute = useExecuteRetry();
  const plan = planner.data ?? null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !execute.isPending) onClose();
      }}
      title={`Retry failed: ${KIND_LABELS[retry.kind]}`}
      description={`${retry.wallets} failed wallet(s). ${RETRY_NOTES[retry.kind]}`}
      className="w-[min(48rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button onClick={onClose} disabled={execute.isPending}>
            Back
          </Button>
          <Button
            variant="primary"
            busy={execute.isPending}
            disabled={plan === null || !canConfirmPlan(plan)}
            onClick={() => {
              if (plan) execute.mutate({ retry, planId: plan.planId }, { onSuccess: onStarted });
            }}
          >
            Confirm
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {planner.isPending ? <p className="text-sm text-fg-muted">Planning the retry…</p> : null}
        {plan ? <PlanView plan={plan} /> : null}
        {planner.isError ? (
          <Alert kind="error">
            {errorMessage(planner.error, 'The retry could not be planned')}
          </Alert>
        ) : null}
        {execute.isError ? (
          <Alert kind="error">{errorMessage(execute.error, 'The retry could not start')}</Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
