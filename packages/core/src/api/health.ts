import { z } from 'zod';

export const databaseKindSchema = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

/** `GET /api/health`: answered only after migrations ran. */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: databaseKindSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
