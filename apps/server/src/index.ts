export { buildApp, type AppContext } from './app';
export { loadEnv, type Env } from './env';
export { createLogger } from './logging/create-logger';
