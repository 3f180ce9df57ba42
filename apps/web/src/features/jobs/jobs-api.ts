import { jobListSchema, jobViewSchema, type JobList, type JobView } from '@fleet/core';
import { apiRequest } from '../../api/http';

export const jobQueryKey = (jobId: string) => ['jobs', jobId] as const;
export const activeJobsQueryKey = ['jobs', 'active'] as const;

/** `GET /api/jobs/:id`: a job of whatever kind, its progress, report and newest log lines. */
export function fetchJob(jobId: string, signal?: AbortSignal): Promise<JobView> {
  return apiRequest(`/api/jobs/${encodeURIComponent(jobId)}`, {
    schema: jobViewSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/jobs/:id/abort`: asks the job to stop; it answers with the job as it stands. */
export function abortJob(jobId: string): Promise<JobView> {
  return apiRequest(`/api/jobs/${encodeURIComponent(jobId)}/abort`, {
    method: 'POST',
    schema: jobViewSchema,
  });
}

/** `GET /api/jobs?active=true`: the tenant's queued and running jobs, oldest first. */
export function fetchActiveJobs(signal?: AbortSignal): Promise<JobList> {
  return apiRequest('/api/jobs?active=true', {
    schema: jobListSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
