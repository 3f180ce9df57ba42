import { z } from 'zod';

/** Where a job stands; the last three are final. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const FINAL_JOB_STATUSES: ReadonlySet<JobStatus> = new Set([
  'succeeded',
  'failed',
  'cancelled',
]);

export function isFinalJobStatus(status: JobStatus): boolean {
  return FINAL_JOB_STATUSES.has(status);
}

/** The `:id` of `GET /api/jobs/:id` and `POST /api/jobs/:id/abort`. */
export const jobIdParamsSchema = z.object({ id: z.string().uuid() });

export const jobLogLineSchema = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type JobLogLine = z.infer<typeof jobLogLineSchema>;

/**
 * The reply of `GET /api/jobs/:id` (and of its abort): the same for every kind of job. `report`
 * is the kind's own summary, null until the handler writes one; `logs` are the newest 400 lines,
 * oldest first.
 */
export const jobViewSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  status: jobStatusSchema,
  processedItems: z.number().int().nonnegative(),
  totalItems: z.number().int().nonnegative(),
  message: z.string(),
  isDone: z.boolean(),
  cancelRequested: z.boolean(),
  report: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  logs: z.array(jobLogLineSchema),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** The most log lines a job keeps; older lines are deleted as new ones are written. */
export const JOB_LOG_LINE_LIMIT = 400;

/** One line of `GET /api/jobs?active=true`: what the bottom bar's indicator lists. */
export const jobSummarySchema = jobViewSchema.omit({ logs: true }).extend({
  /** The ledger operation the job runs, when it is a money operation. */
  operationId: z.string().uuid().nullable(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** `GET /api/jobs?active=true`: the tenant's queued and running jobs, oldest first. */
export const listJobsQuerySchema = z.object({
  active: z
    .enum(['true', 'false'], { message: 'active must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});

export const jobListSchema = z.object({ jobs: z.array(jobSummarySchema) });
export type JobList = z.infer<typeof jobListSchema>;
