import { groupIdSchema } from '@fleet/core';
import { z } from 'zod';

/**
 * The `:id` of a group route: a uuid, a computed id (`all`, `traders`, …) or `seed:{uuid}`. Only
 * its length and alphabet are checked here; which group it names is the service's business.
 */
export const groupParamsSchema = z.object({
  id: groupIdSchema(),
});
