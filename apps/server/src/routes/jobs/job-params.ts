import { FleetError, jobIdParamsSchema } from '@fleet/core';

/** The `:id` of a job route: anything that is not a uuid cannot be a job, so it is not found. */
export function jobIdOf(params: unknown): string {
  const parsed = jobIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new FleetError('JOB__NOT_FOUND');
  return parsed.data.id;
}
