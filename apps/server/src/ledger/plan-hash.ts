import { createHash } from 'node:crypto';

/** A JSON value as a plan is stored: u64 amounts already turned into decimal strings. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * The canonical JSON of a value: object keys sorted, `undefined` properties left out, bigints as
 * decimal strings (jsonb numbers are doubles, and a plan's lamports are u64). Anything else that
 * JSON cannot say the same way twice (a function, a symbol, a non-finite number, a Date) is
 * refused rather than guessed at.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(toJsonValue(value, '$'));
}

/** The value as it is stored: what `canonicalJson` prints, parsed back. */
export function toJsonValue(value: unknown, path = '$'): JsonValue {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${path} is not a finite number`);
      return value;
    case 'object': {
      if (Array.isArray(value)) {
        return value.map((entry: unknown, index) => toJsonValue(entry, `${path}[${index}]`));
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        throw new TypeError(`${path} is not plain data`);
      }
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const result: Record<string, JsonValue> = {};
      for (const [key, entry] of entries) result[key] = toJsonValue(entry, `${path}.${key}`);
      return result;
    }
    case 'undefined':
    case 'function':
    case 'symbol':
      throw new TypeError(`${path} cannot be stored in a plan (${typeof value})`);
    default:
      throw new TypeError(`${path} cannot be stored in a plan`);
  }
}

/**
 * A plan's id: the SHA-256 (hex) of the canonical JSON of the plan with its tenant and kind, so
 * the same plan gets the same id, and the same plan of another tenant does not collide with it.
 */
export function planIdOf(tenantId: string, kind: string, plan: unknown): string {
  return createHash('sha256').update(canonicalJson({ tenantId, kind, plan })).digest('hex');
}
