import { z } from 'zod';

/**
 * The `:id` of a group route: a uuid, a computed id (`all`, `traders`, …) or `seed:{uuid}`. Only
 * its length and alphabet are checked here; which group it names is the service's business.
 */
export const groupParamsSchema = z.object({
  id: z
    .string()
    .max(64)
    .regex(/^[a-z0-9:-]+$/i),
});
