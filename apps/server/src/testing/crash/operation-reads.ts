// How the token crash scenarios read an operation over the API while it runs: the job a stream
// started, and how far its transactions are, from the transaction history.

import { operationListSchema, transactionHistoryPageSchema } from '@fleet/core';
import type { CrashSession } from './crash-session';

/** The transaction history's largest page, and how many are read at most for one look. */
const HISTORY_PAGE = 500;
const HISTORY_MAX_PAGES = 20;

/**
 * A job started through its event stream (a close's or a burn's): the stream's start event names
 * the job, and the stream itself is left, the job running on without it.
 */
export async function streamedJob(session: CrashSession, path: string, planId: string) {
  const start = await session.api().firstEvent<{ jobId: string }>(path, { planId }, 'start');
  return { jobId: start.jobId, operationId: await operationOfJob(session, start.jobId) };
}

/**
 * An operation's progress from the transaction history, newest first: its transactions that
 * are final (confirmed or failed), of all it has. The pages are read until one holds a
 * transaction of an older operation.
 */
export async function historyProgress(session: CrashSession, operationId: string) {
  let moved = 0;
  let total = 0;
  let cursor: string | null = null;
  for (let page = 0; page < HISTORY_MAX_PAGES; page++) {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const found = transactionHistoryPageSchema.parse(
      await session.api()('GET', `/transactions?filter=ops&limit=${HISTORY_PAGE}${query}`),
    );
    const mine = found.transactions.filter((tx) => tx.operationId === operationId);
    total += mine.length;
    moved += mine.filter((tx) => tx.status !== 'loading').length;
    cursor = found.nextCursor;
    if (cursor === null || mine.length < found.transactions.length) break;
  }
  return { moved, end: total, total };
}

/** The operation a job runs, from the newest operations of the tenant. */
async function operationOfJob(session: CrashSession, jobId: string): Promise<string> {
  const list = operationListSchema.parse(await session.api()('GET', '/operations?limit=20'));
  const found = list.operations.find((operation) => operation.jobId === jobId);
  if (!found) throw new Error(`no operation runs job ${jobId}`);
  return found.id;
}
