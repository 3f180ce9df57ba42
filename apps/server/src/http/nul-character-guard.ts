import { FleetError } from '@fleet/core';
import type { FastifyInstance } from 'fastify';

export { NUL_IN_FIELD_NAME_MESSAGE, NUL_IN_TEXT_MESSAGE } from '@fleet/core';

/**
 * Postgres (and PGlite) cannot store U+0000 in text: a NUL that reached a query failed it with
 * SQLSTATE 22021 and the request ended in a 500. No field of Fleet's has a use for one, so any
 * NUL in the path parameters, the query string or the JSON body (values and field names, at any
 * depth) is refused here with a 400 naming the field, before a route sees the input.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      nulCharacterError(request.params) ??
        nulCharacterError(request.query) ??
        nulCharacterError(request.body),
    );
  });
}

/** The refusal for the first NUL in `input`, or undefined when there is none. */
export function nulCharacterError(input: unknown): FleetError | undefined {
  const found = findNulCharacter(input);
  if (found === undefined) return undefined;
  const where = describePath(found.path);
  return new FleetError('REQUEST__NUL_CHARACTER', { field: where || null, inName: found.inName });
}

interface NulFound {
  readonly path: readonly (string | number)[];
  /** The NUL is in a field name, not a value: the path names the object holding it. */
  readonly inName: boolean;
}

/** Where a value sits: its field name or index and its parent's place (a path built on demand). */
interface Place {
  readonly key: string | number;
  readonly parent: Place | undefined;
}

/**
 * Walks the input without recursion and without copying paths: a body is parsed JSON, nested as
 * deep as its sender likes within the size limit, and must overflow neither the stack nor the
 * time spent here.
 */
export function findNulCharacter(input: unknown): NulFound | undefined {
  const pending: { value: unknown; place: Place | undefined }[] = [
    { value: input, place: undefined },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, place } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: pathOf(place), inName: false };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: value[index] as unknown, place: { key: index, parent: place } });
      }
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      if (entries.some(([name]) => name.includes('\u0000'))) {
        return { path: pathOf(place), inName: true };
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [name, item] = entries[index] as [string, unknown];
        pending.push({ value: item, place: { key: name, parent: place } });
      }
    }
  }
  return undefined;
}

function pathOf(place: Place | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = place; at !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

const MAX_PATH_TEXT = 120;

// The path is the sender's own field names: cut short so a long name cannot fill the reply.
function describePath(path: readonly (string | number)[]): string {
  const text = path.join('.');
  return text.length > MAX_PATH_TEXT ? `${text.slice(0, MAX_PATH_TEXT)}…` : text;
}
