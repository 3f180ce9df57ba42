import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { abortJob, activeJobsQueryKey, fetchActiveJobs, fetchJob, jobQueryKey } from './jobs-api';

/** Progress is read this often while a job runs (spec 2 §9: withdrawals 2000 ms). */
export const JOB_POLL_MS = 2_000;
/** The bottom bar looks for running operations this often. */
export const ACTIVE_JOBS_POLL_MS = 5_000;

/** One job, polled until it is done. */
export function useJob(jobId: string | null) {
  return useQuery({
    queryKey: jobQueryKey(jobId ?? ''),
    queryFn: ({ signal }) => fetchJob(jobId ?? '', signal),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.isDone ? false : JOB_POLL_MS),
  });
}

/** The tenant's running jobs, for the bottom bar's indicator. */
export function useActiveJobs() {
  return useQuery({
    queryKey: activeJobsQueryKey,
    queryFn: ({ signal }) => fetchActiveJobs(signal),
    refetchInterval: ACTIVE_JOBS_POLL_MS,
  });
}

/** Cancel: asks the job to stop; its view is replaced by the answer. */
export function useAbortJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abortJob,
    onSuccess: (job) => {
      queryClient.setQueryData(jobQueryKey(job.id), job);
      void queryClient.invalidateQueries({ queryKey: activeJobsQueryKey });
    },
  });
}
