import { Loader2 } from 'lucide-react';
import { activeJobLabel } from './job-progress';
import { setOpenJob } from './open-job-store';
import { useActiveJobs } from './use-jobs';

/**
 * The bottom bar's running operations (issue 17: a job outlives the page). Each one is a button
 * that reopens its progress dialog.
 */
export function ActiveJobsIndicator() {
  const jobs = useActiveJobs().data?.jobs ?? [];
  if (jobs.length === 0) return null;
  return (
    <div role="group" aria-label="Running operations" className="flex items-center gap-1">
      {jobs.map((job) => (
        <button
          key={job.id}
          type="button"
          onClick={() =>
            setOpenJob({
              jobId: job.id,
              operationId: job.operationId,
              kind: job.kind,
              visible: true,
            })
          }
          title="Show progress"
          className="flex h-7 items-center gap-1 rounded px-2 text-fg-muted hover:bg-surface-sunken hover:text-fg"
        >
          <Loader2 className="size-3.5 animate-spin text-accent" aria-hidden />
          <span className="tabular-nums">{activeJobLabel(job)}</span>
        </button>
      ))}
    </div>
  );
}
