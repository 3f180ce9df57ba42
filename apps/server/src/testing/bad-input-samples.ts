import { randomUUID } from 'node:crypto';
import * as core from '@fleet/core';
import { z } from 'zod';

/**
 * Hostile input for every route, made from the API contract itself: each request and query schema
 * `@fleet/core` exports is read as JSON Schema, and a sample is built that satisfies everything
 * except the one kind of bad value being tried (so the bad value gets as deep as it can). A schema
 * added to the contract later is sampled too.
 */

export const NUL_TEXT = 'a\u0000b';

/** Dates JavaScript accepts or almost accepts and Postgres cannot store or parse. */
export const BAD_DATES = [
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '300000-01-01',
  '0000-01-01T00:00:00.000Z',
] as const;

/** The same dates inside an opaque `<time>|<uuid>` cursor (base64url), the one place dates go. */
export const BAD_CURSORS = BAD_DATES.map((date) =>
  Buffer.from(`${date}|${randomUUID()}`, 'utf8').toString('base64url'),
);

/** Numbers as raw JSON tokens: negative, fractional, beyond int4 and int8, infinite, not numbers. */
export const BAD_JSON_NUMBERS = [
  '-1',
  '0.5',
  '2147483648',
  '9223372036854775808',
  '1e308',
  '1e309',
  '"NaN"',
  '"Infinity"',
] as const;

/** The same for query strings, where every value is text. */
export const BAD_QUERY_NUMBERS = [
  '-1',
  '0.5',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '',
] as const;

interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly minItems?: number;
}

export interface ContractSchema {
  readonly name: string;
  readonly kind: 'body' | 'query';
  readonly json: JsonSchema;
}

let contract: readonly ContractSchema[] | undefined;

/**
 * Every `…RequestSchema` (bodies) and `…QuerySchema` (query strings) of the API contract, read
 * once per process (the walk asks for them once per route).
 */
export function contractSchemas(): readonly ContractSchema[] {
  contract ??= readContractSchemas();
  return contract;
}

function readContractSchemas(): ContractSchema[] {
  const found: ContractSchema[] = [];
  for (const [name, value] of Object.entries(core)) {
    const kind = name.endsWith('RequestSchema')
      ? 'body'
      : name.endsWith('QuerySchema')
        ? 'query'
        : undefined;
    if (kind === undefined || !(value instanceof z.ZodType)) continue;
    const json = z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    found.push({ name, kind, json });
  }
  return found;
}

/** Which leaves get the bad value; every other leaf gets a value its schema accepts. */
export type BadLeaf =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'number'; readonly marker: string };

export const NUMBER_MARKER = '__bad_number__';

/** A sample of `schema` whose text (or number) leaves all hold the bad value. */
export function sampleOf(schema: JsonSchema, bad: BadLeaf): unknown {
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return sampleOf(choice, bad);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const shaped = property.pattern !== undefined || property.format !== undefined;
        const value = shaped ? shapedText(property) : sampleOf(property, bad);
        // An optional field whose shape no plain value fits is left out rather than failing all.
        if (value === undefined && !schema.required?.includes(name)) continue;
        out[name] = value ?? fitLength(bad.kind === 'text' ? bad.text : 'abc', property);
      }
      return out;
    }
    case 'array':
      return [sampleOf(schema.items ?? {}, bad)];
    case 'integer':
    case 'number':
      return bad.kind === 'number' ? bad.marker : (schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return fitLength(bad.kind === 'text' ? bad.text : 'abc', schema);
  }
}

/** The top-level field names of a schema, for the one-bad-field-alone bodies and queries. */
export function fieldNamesOf(schema: JsonSchema): string[] {
  return Object.keys(schema.properties ?? {});
}

function typeOf(schema: JsonSchema): string {
  const type: string | undefined = typeof schema.type === 'string' ? schema.type : schema.type?.[0];
  return type ?? (schema.properties ? 'object' : 'string');
}

// Plausible values for text with a format or a pattern (ids, colours, fingerprints): the first one
// the schema accepts is used, so the bad value in the other fields is not refused for this one.
function shapedText(schema: JsonSchema): string | undefined {
  if (schema.format === 'uuid') return randomUUID();
  const candidates = ['#3b82f6', '0'.repeat(64), 'all', `seed:${randomUUID()}`, 'a'.repeat(16)];
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
  return candidates.find((candidate) => pattern?.test(candidate) ?? true);
}

function fitLength(text: string, schema: JsonSchema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const padded = text.length >= min ? text : text + 'b'.repeat(min - text.length);
  return padded.length <= max ? padded : padded.slice(0, max);
}

/** Bodies that no schema describes: wrong types, NUL in names, nesting as deep as JSON allows. */
export function genericBadBodies(): string[] {
  const depth = 20_000;
  return [
    JSON.stringify(NUL_TEXT),
    JSON.stringify([NUL_TEXT]),
    JSON.stringify({ [NUL_TEXT]: 1 }),
    JSON.stringify({ nested: { [NUL_TEXT]: NUL_TEXT } }),
    '5',
    'null',
    'true',
    '[]',
    '{}',
    '1e309',
    `${'['.repeat(depth)}${']'.repeat(depth)}`,
    `${'{"a":'.repeat(depth)}${JSON.stringify(NUL_TEXT)}${'}'.repeat(depth)}`,
  ];
}
