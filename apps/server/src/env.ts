import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads `process.env`. Everything is validated once at boot; a bad value
 * stops the start with one line that names the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  FLEET_DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FLEET_SERVE_WEB: z.enum(['true', 'false']).default('true'),
});

export interface Env {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Off only under `npm run dev`, where Vite serves the web app with hot reload. */
  readonly serveWeb: boolean;
}

export class EnvError extends Error {
  override readonly name = 'EnvError';
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const got = source[variable];
    const shown =
      got === undefined || /URL|KEY|TOKEN|SECRET|PASSWORD/.test(variable) ? '' : ` (got "${got}")`;
    throw new EnvError(
      `Invalid environment variable ${variable}: ${issue?.message ?? 'invalid'}${shown}`,
    );
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.FLEET_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    serveWeb: env.FLEET_SERVE_WEB === 'true',
  };
}
