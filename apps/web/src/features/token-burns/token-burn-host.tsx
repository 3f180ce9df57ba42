import type { JobView } from '@fleet/core';
import { useCallback, useEffect, useRef } from 'react';
import { useToast } from '../../ui/toast';
import { finishedToast } from '../jobs/job-progress';
import { forgetOpenJob, setOpenJob, useOpenJob } from '../jobs/open-job-store';
import { useJob } from '../jobs/use-jobs';
import { closeBurnTokens, useBurnRequest } from './burn-request-store';
import { BurnTokensDialog } from './burn-tokens-dialog';
import { useRefreshAfterBurn } from './use-token-burns';

const TOKEN_BURN_KIND = 'token.burn';

/**
 * The Burn Dust dialog, mounted once in the app shell: for the burn the operator asked for
 * (Toolkit), or for the burn job kept open (`open-job-store`, so a reload or the bottom bar
 * re-attaches to it). A hidden burn is followed by its job to the bottom bar's toast.
 */
export function TokenBurnHost() {
  const request = useBurnRequest();
  const open = useOpenJob();
  // Only a burn (or a job whose kind is not known yet) is read here: the other kinds have hosts
  // of their own.
  const mayBeBurn = open !== null && (open.kind === null || open.kind === TOKEN_BURN_KIND);
  const job = useJob(mayBeBurn ? open.jobId : null);

  const onStarted = useCallback((jobId: string) => {
    setOpenJob({ jobId, operationId: null, kind: TOKEN_BURN_KIND, visible: true });
  }, []);
  const onClose = useCallback((jobId: string | null) => {
    if (jobId !== null) forgetOpenJob(jobId);
    closeBurnTokens();
  }, []);
  const onHide = useCallback((jobId: string) => {
    setOpenJob({ jobId, operationId: null, kind: TOKEN_BURN_KIND, visible: false });
    closeBurnTokens();
  }, []);

  if (request) {
    return (
      <BurnTokensDialog
        key={`request-${request.id}`}
        mode={{ kind: 'plan', request }}
        onClose={onClose}
        onHide={onHide}
        onStarted={onStarted}
      />
    );
  }
  if (!open || job.data?.kind !== TOKEN_BURN_KIND) return null;
  if (open.visible) {
    return (
      <BurnTokensDialog
        key={`job-${open.jobId}`}
        mode={{ kind: 'attach', jobId: open.jobId, abortRequested: job.data.cancelRequested }}
        onClose={onClose}
        onHide={onHide}
        onStarted={onStarted}
      />
    );
  }
  return <HiddenBurnJob key={open.jobId} job={job.data} />;
}

/** A burn out of sight: its job polled to the end, then the bottom bar's toast and a refresh. */
function HiddenBurnJob({ job }: { readonly job: JobView }) {
  const toast = useToast();
  const refresh = useRefreshAfterBurn();
  const finished = useRef(false);
  useEffect(() => {
    if (!job.isDone || finished.current) return;
    finished.current = true;
    const message = finishedToast(TOKEN_BURN_KIND, job);
    if (message) toast.show(message);
    refresh();
    forgetOpenJob(job.id);
  }, [job, toast, refresh]);
  return null;
}
