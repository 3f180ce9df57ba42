import { FleetError, operationIdParamsSchema } from '@fleet/core';

/** The `:id` of an operation route: anything that is not a uuid cannot be one, so it is not found. */
export function operationIdOf(params: unknown): string {
  const parsed = operationIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new FleetError('OPERATION__NOT_FOUND');
  return parsed.data.id;
}
