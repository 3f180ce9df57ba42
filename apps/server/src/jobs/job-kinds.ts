import type { AnyJobHandler } from './job-handler';

/**
 * The kinds of job the server runs. Empty until the first long feature lands (scans,
 * distributions, withdrawals, closes, burns); tests register their own (`test.count`).
 */
export const SERVER_JOB_HANDLERS: readonly AnyJobHandler[] = [];
