import { DATABASE_REFUSED_VALUES, FleetError, type DatabaseRefusedState } from '@fleet/core';
import { DrizzleQueryError } from 'drizzle-orm';

/**
 * What a database refusal says about itself, taken field by field from the driver's error (pg's
 * and PGlite's have the same shape). Never the query's parameters, nor `detail` or `where`, which
 * quote the offending row or value: parameters carry e-mails, names and, on some paths, secrets.
 */
export interface DatabaseFailure {
  /** SQLSTATE, e.g. `22021`. */
  readonly sqlState: string;
  readonly message: string;
  readonly table?: string;
  readonly column?: string;
  readonly constraint?: string;
  readonly routine?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 8;

/** The database error somewhere in `error`'s chain of causes (drivers wrap it), if any. */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && isObject(current); depth += 1) {
    const { code, severity, message } = current as Record<string, unknown>;
    if (typeof code === 'string' && SQLSTATE.test(code) && typeof severity === 'string') {
      return {
        sqlState: code,
        message: typeof message === 'string' ? message : '',
        ...stringField(current, 'table'),
        ...stringField(current, 'column'),
        ...stringField(current, 'constraint'),
        ...stringField(current, 'routine'),
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Values the database refused to store or compare: text it cannot encode (a NUL), numbers and
 * dates out of its range, text in the wrong shape for its type, text longer than its column.
 * These are the sender's mistakes, answered with a 400. They are a safety net: the NUL guard and
 * the zod schemas refuse such input first and name the field; a refusal that gets this far is a
 * missing check and is logged as a warning so that it gets one.
 */
function isRefusedState(sqlState: string): sqlState is DatabaseRefusedState {
  return Object.hasOwn(DATABASE_REFUSED_VALUES, sqlState);
}

export function refusedValueError(
  failure: DatabaseFailure,
  cause: unknown,
): FleetError<'DATABASE__VALUE_REFUSED'> | undefined {
  const { sqlState } = failure;
  return isRefusedState(sqlState)
    ? new FleetError('DATABASE__VALUE_REFUSED', { sqlState }, { cause })
    : undefined;
}

/**
 * The error as it may be logged. Drizzle puts the query's parameters into its message ("Failed
 * query: … params: …"), and so into the stack: both are cut at the parameters. The query text is
 * kept; it is ours and holds only placeholders.
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cut = error.message.indexOf('\nparams:');
  if (cut === -1) return error;
  const message = `${error.message.slice(0, cut)}\nparams: [not logged]`;
  const clean = new Error(message);
  clean.name = error.name;
  // The stack starts with the name and the whole message; the frames after it are kept.
  const head = `${error.name}: ${error.message}`;
  clean.stack = error.stack?.startsWith(head)
    ? `${error.name}: ${message}${error.stack.slice(head.length)}`
    : `${error.name}: ${message}`;
  return clean;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function stringField(
  source: object,
  name: 'table' | 'column' | 'constraint' | 'routine',
): Partial<Record<typeof name, string>> {
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? { [name]: value } : {};
}
