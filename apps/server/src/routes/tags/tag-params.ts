import { FleetError, tagIdSchema, type TagId } from '@fleet/core';
import { z } from 'zod';

const paramsSchema = z.object({ id: tagIdSchema() });

/** The `:id` of a tag route: anything that is not a uuid cannot be a tag, so it is not found. */
export function tagIdOf(params: unknown): TagId {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw new FleetError('TAG__NOT_FOUND');
  return parsed.data.id;
}
