import type { JobView } from '@fleet/core';
import { useCallback, useEffect, useRef } from 'react';
import { useToast } from '../../ui/toast';
import { finishedToast } from '../jobs/job-progress';
import { forgetOpenJob, setOpenJob, useOpenJob } from '../jobs/open-job-store';
import { useJob } from '../jobs/use-jobs';
import { closeCloseTokens, useCloseRequest } from './close-request-store';
import { CloseTokensDialog } from './close-tokens-dialog';
import { useRefreshAfterClose } from './use-token-closes';

const TOKEN_CLOSE_KIND = 'token.close';

/**
 * The Closing Token Accounts dialog, mounted once in the app shell: for the close the operator
 * asked for (Toolkit, Closeable card), or for the close job kept open (`open-job-store`, so a
 * reload or the bottom bar re-attaches to it). A hidden close is followed by its job to the
 * bottom bar's toast.
 */
export function TokenCloseHost() {
  const request = useCloseRequest();
  const open = useOpenJob();
  // Only a close (or a job whose kind is not known yet) is read here: the other kinds have hosts
  // of their own, and the SPL transfers are followed through spec 2 §7's route alone.
  const mayBeClose = open !== null && (open.kind === null || open.kind === TOKEN_CLOSE_KIND);
  const job = useJob(mayBeClose ? open.jobId : null);

  const onStarted = useCallback((jobId: string) => {
    setOpenJob({ jobId, operationId: null, kind: TOKEN_CLOSE_KIND, visible: true });
  }, []);
  const onClose = useCallback((jobId: string | null) => {
    if (jobId !== null) forgetOpenJob(jobId);
    closeCloseTokens();
  }, []);
  const onHide = useCallback((jobId: string) => {
    setOpenJob({ jobId, operationId: null, kind: TOKEN_CLOSE_KIND, visible: false });
    closeCloseTokens();
  }, []);

  if (request) {
    return (
      <CloseTokensDialog
        key={`request-${request.id}`}
        mode={{ kind: 'plan', request }}
        onClose={onClose}
        onHide={onHide}
        onStarted={onStarted}
      />
    );
  }
  if (!open || job.data?.kind !== TOKEN_CLOSE_KIND) return null;
  if (open.visible) {
    return (
      <CloseTokensDialog
        key={`job-${open.jobId}`}
        mode={{ kind: 'attach', jobId: open.jobId, abortRequested: job.data.cancelRequested }}
        onClose={onClose}
        onHide={onHide}
        onStarted={onStarted}
      />
    );
  }
  return <HiddenCloseJob key={open.jobId} job={job.data} />;
}

/** A close out of sight: its job polled to the end, then the bottom bar's toast and a refresh. */
function HiddenCloseJob({ job }: { readonly job: JobView }) {
  const toast = useToast();
  const refresh = useRefreshAfterClose();
  const finished = useRef(false);
  useEffect(() => {
    if (!job.isDone || finished.current) return;
    finished.current = true;
    const message = finishedToast(TOKEN_CLOSE_KIND, job);
    if (message) toast.show(message);
    refresh();
    forgetOpenJob(job.id);
  }, [job, toast, refresh]);
  return null;
}
