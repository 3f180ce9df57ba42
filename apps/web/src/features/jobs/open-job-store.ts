import { useSyncExternalStore } from 'react';

/**
 * The job whose progress dialog is open, kept in sessionStorage so a reload brings the dialog back
 * (issue 17: "reload and the progress dialog comes back"). The operation id, when known, tells the
 * host which dialog to draw (the two-hop one has its own progress route); the job's kind, when
 * known, tells which host draws it (the SPL transfers follow their own progress route), before
 * the job is read.
 */
export interface OpenJob {
  readonly jobId: string;
  readonly operationId: string | null;
  /** The job's kind (`sol.distribute`, `token.withdraw`, …); null until it is known. */
  readonly kind: string | null;
  /** False while the operator has hidden the dialog; the job is still followed to its toast. */
  readonly visible: boolean;
}

export const OPEN_JOB_STORAGE_KEY = 'fleet.operations.openJob';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND = /^[a-z][a-z0-9._-]{0,63}$/i;

/** Reads a stored entry back; anything that is not one (an old format, a hand edit) is null. */
export function parseOpenJob(text: string | null): OpenJob | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const jobId: unknown = Reflect.get(value, 'jobId');
    const operationId: unknown = Reflect.get(value, 'operationId');
    const visible: unknown = Reflect.get(value, 'visible');
    const kind: unknown = Reflect.get(value, 'kind') ?? null;
    if (typeof jobId !== 'string' || !UUID.test(jobId)) return null;
    if (operationId !== null && (typeof operationId !== 'string' || !UUID.test(operationId))) {
      return null;
    }
    if (kind !== null && (typeof kind !== 'string' || !KIND.test(kind))) return null;
    return { jobId, operationId, kind, visible: visible !== false };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let current: OpenJob | null = parseOpenJob(read());

function read(): string | null {
  try {
    return typeof sessionStorage === 'undefined'
      ? null
      : sessionStorage.getItem(OPEN_JOB_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Opens the progress dialog of a job (null closes it). */
export function setOpenJob(job: OpenJob | null): void {
  current = job;
  try {
    if (job) sessionStorage.setItem(OPEN_JOB_STORAGE_KEY, JSON.stringify(job));
    else sessionStorage.removeItem(OPEN_JOB_STORAGE_KEY);
  } catch {
    // Storage refused (privacy mode): the dialog still opens, it just does not survive a reload.
  }
  for (const listener of listeners) listener();
}

/** The job kept open now (outside React). */
export function currentOpenJob(): OpenJob | null {
  return current;
}

/** Closes the dialog of this job only: another operation's, opened since, stays open. */
export function forgetOpenJob(jobId: string): void {
  if (current?.jobId === jobId) setOpenJob(null);
}

export function useOpenJob(): OpenJob | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function snapshot(): OpenJob | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
