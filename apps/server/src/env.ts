import { resolve } from 'node:path';
import { CHAIN_CLUSTERS, type ChainCluster } from '@fleet/core';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxySetting } from './http/trust-proxy';

/** An optional http(s) URL; empty counts as unset. */
const httpUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || /^https?:\/\/\S+$/.test(value), {
    message: 'must be an http(s) URL',
  });

/** Optional text such as an API key; empty counts as unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

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
  DATABASE_OWNER_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FLEET_SERVE_WEB: z.enum(['true', 'false']).default('true'),
  FLEET_KEK: z.string().trim().optional(),
  FLEET_KEK_PREVIOUS: z.string().trim().optional(),
  FLEET_ADMIN_TOKEN: z
    .string()
    .trim()
    .min(24, 'must be at least 24 characters')
    .max(512, 'must be at most 512 characters')
    .optional(),
  FLEET_ADMIN_PATH: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9_-][A-Za-z0-9_\-/]*$/, 'must be a path such as /admin_secure_path_2025')
    .default('/admin_secure_path_2025'),
  FLEET_DEMO_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .email('must be an e-mail address')
    .default('demo@fleet.local'),
  FLEET_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  SOLANA_RPC_URLS: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((url) => url.trim())
            .filter(Boolean)
        : [],
    )
    .refine((urls) => urls.every((url) => /^https?:\/\/\S+$/.test(url)), {
      message: 'must be a comma-separated list of http(s) URLs',
    }),
  SOLANA_WS_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^wss?:\/\/\S+$/.test(value), {
      message: 'must be a ws(s):// URL',
    }),
  SOLANA_CLUSTER: z.enum(CHAIN_CLUSTERS).default('mainnet-beta'),
  SOLANA_EXPLORER_RPC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^https?:\/\/\S+$/.test(value), {
      message: 'must be an http(s) URL',
    }),
  FLEET_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  FLEET_SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  FLEET_BACKGROUND_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000)
    .refine((ms) => ms === 0 || ms >= 10_000, { message: 'must be 0 (off) or at least 10000' })
    .default(300_000),
  FLEET_SCAN_BATCH_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 5000')
    .max(5_000, 'must be between 1 and 5000')
    .optional(),
  FLEET_DEV_DATABASE: z.enum(['true', 'false']).optional(),
  FLEET_SMTP_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^smtps?:\/\//.test(value), {
      message: 'must be an smtp:// or smtps:// URL',
    }),
  FLEET_MAIL_FROM: z.string().trim().default('Fleet <no-reply@fleet.local>'),
  FLEET_CAPTCHA_VERIFY_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^https?:\/\//.test(value), { message: 'must be an http(s) URL' }),
  FLEET_PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const origin = publicOriginOf(value);
      if (origin === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'must be the origin operators reach Fleet at, such as https://fleet.example.com',
        });
        return z.NEVER;
      }
      return origin;
    }),
  // Market providers (issue 18). Unset URLs: the sandbox market when the embedded localnet runs,
  // the providers' public hosts otherwise. Keys ride in headers and are never logged.
  JUPITER_BASE_URL: httpUrl,
  JUPITER_API_KEY: optionalText,
  JUPITER_SWAP_API: z.enum(['v1', 'v2'], { message: 'must be v1 or v2' }).default('v1'),
  DEXSCREENER_BASE_URL: httpUrl,
  GECKOTERMINAL_BASE_URL: httpUrl,
  MORALIS_BASE_URL: httpUrl,
  MORALIS_API_KEY: optionalText,
  PUMPPORTAL_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^wss?:\/\/\S+$/.test(value), {
      message: 'must be a ws(s):// URL',
    }),
  FLEET_TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const setting = parseTrustProxy(value);
      if (typeof setting === 'string') {
        context.addIssue({ code: 'custom', message: setting });
        return z.NEVER;
      }
      return setting;
    }),
});

/** `scheme://host[:port]` of an http(s) URL with nothing after the host but `/`, else undefined. */
function publicOriginOf(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const plain =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    !value.endsWith('?') &&
    !value.endsWith('#');
  return plain ? url.origin : undefined;
}

export interface Env {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /**
   * The role that owns the tables and runs the migrations, when the server signs in as another
   * (decision 013); unset → `databaseUrl` migrates too.
   */
  readonly databaseOwnerUrl: string | undefined;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Off only under `npm run dev`, where Vite serves the web app with hot reload. */
  readonly serveWeb: boolean;
  /** Base64 of 32 bytes; unset → generated into FLEET_DATA_DIR/secrets.json. */
  readonly kek: string | undefined;
  /** Comma-separated earlier KEKs, still accepted for unwrapping during a rotation. */
  readonly previousKeks: string | undefined;
  readonly adminToken: string | undefined;
  readonly adminPath: string;
  readonly demoEmail: string;
  readonly demoPassword: string | undefined;
  /** Empty → the embedded localnet is started in-process. */
  readonly solanaRpcUrls: readonly string[];
  /**
   * The chain's PubSub WebSocket, for live balances (`accountSubscribe`); unset → the first of
   * SOLANA_RPC_URLS with http→ws, https→wss (see `chainWsUrlFor`), or the embedded localnet's.
   */
  readonly solanaWsUrl: string | undefined;
  /**
   * The cluster SOLANA_RPC_URLS serve, for explorer links (mainnet-beta by default). `custom`
   * needs SOLANA_EXPLORER_RPC_URL: an RPC URL a browser may be sent to (provider URLs carry keys
   * and are never sent). Ignored when the embedded sandbox runs.
   */
  readonly solanaCluster: ChainCluster;
  readonly solanaExplorerRpcUrl: string | undefined;
  readonly sessionIdleMinutes: number;
  readonly sessionAbsoluteHours: number;
  /** Time between background refresh rounds of the balances (issue 20); 0 turns it off. */
  readonly backgroundRefreshMs: number;
  /**
   * Wallets per batch (one chain read, one write transaction, one checkpoint) of the Final Truth
   * Scan and the sync scans; unset → their default of 500.
   */
  readonly scanBatchSize: number | undefined;
  /** Allows a superuser or BYPASSRLS database role; defaults to true outside production. */
  readonly devDatabase: boolean;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly captchaVerifyUrl: string | undefined;
  /**
   * The origin operators reach Fleet at (`https://fleet.example.com`): invite links point there,
   * cross-site checks compare with it, and https makes the session cookie `Secure`.
   */
  readonly publicUrl: string | undefined;
  /** Which peers may say who the client is (`X-Forwarded-*`); none by default. */
  readonly trustProxy: TrustProxySetting;
  /** Market providers as configured; unset fields take defaults in `market/market-config.ts`. */
  readonly market: MarketEnv;
}

/** The market providers' settings as the environment gives them (issue 18). */
export interface MarketEnv {
  readonly jupiterBaseUrl: string | undefined;
  readonly jupiterApiKey: string | undefined;
  readonly jupiterSwapApi: 'v1' | 'v2';
  readonly dexscreenerBaseUrl: string | undefined;
  readonly geckoterminalBaseUrl: string | undefined;
  readonly moralisBaseUrl: string | undefined;
  readonly moralisApiKey: string | undefined;
  readonly pumpportalUrl: string | undefined;
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
  if (env.SOLANA_CLUSTER === 'custom' && !env.SOLANA_EXPLORER_RPC_URL) {
    throw new EnvError(
      'Invalid environment variable SOLANA_EXPLORER_RPC_URL: SOLANA_CLUSTER=custom needs the RPC URL explorer links may carry',
    );
  }
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    throw new EnvError(
      'Invalid environment variable DATABASE_OWNER_URL: needs DATABASE_URL (the serving role) beside it',
    );
  }
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.FLEET_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseOwnerUrl: env.DATABASE_OWNER_URL,
    logLevel: env.LOG_LEVEL,
    serveWeb: env.FLEET_SERVE_WEB === 'true',
    kek: env.FLEET_KEK || undefined,
    previousKeks: env.FLEET_KEK_PREVIOUS || undefined,
    adminToken: env.FLEET_ADMIN_TOKEN,
    adminPath: env.FLEET_ADMIN_PATH,
    demoEmail: env.FLEET_DEMO_EMAIL,
    demoPassword: env.FLEET_DEMO_PASSWORD,
    solanaRpcUrls: env.SOLANA_RPC_URLS,
    solanaWsUrl: env.SOLANA_WS_URL,
    solanaCluster: env.SOLANA_CLUSTER,
    solanaExplorerRpcUrl: env.SOLANA_EXPLORER_RPC_URL,
    sessionIdleMinutes: env.FLEET_SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: env.FLEET_SESSION_ABSOLUTE_HOURS,
    backgroundRefreshMs: env.FLEET_BACKGROUND_REFRESH_MS,
    scanBatchSize: env.FLEET_SCAN_BATCH_SIZE,
    devDatabase: env.FLEET_DEV_DATABASE
      ? env.FLEET_DEV_DATABASE === 'true'
      : env.NODE_ENV !== 'production',
    smtpUrl: env.FLEET_SMTP_URL || undefined,
    mailFrom: env.FLEET_MAIL_FROM,
    captchaVerifyUrl: env.FLEET_CAPTCHA_VERIFY_URL || undefined,
    publicUrl: env.FLEET_PUBLIC_URL,
    trustProxy: env.FLEET_TRUST_PROXY,
    market: {
      jupiterBaseUrl: env.JUPITER_BASE_URL,
      jupiterApiKey: env.JUPITER_API_KEY,
      jupiterSwapApi: env.JUPITER_SWAP_API,
      dexscreenerBaseUrl: env.DEXSCREENER_BASE_URL,
      geckoterminalBaseUrl: env.GECKOTERMINAL_BASE_URL,
      moralisBaseUrl: env.MORALIS_BASE_URL,
      moralisApiKey: env.MORALIS_API_KEY,
      pumpportalUrl: env.PUMPPORTAL_URL,
    },
  };
}
