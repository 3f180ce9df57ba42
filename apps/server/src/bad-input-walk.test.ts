import { randomUUID } from 'node:crypto';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_CURSORS,
  BAD_DATES,
  BAD_JSON_NUMBERS,
  BAD_QUERY_NUMBERS,
  NUL_TEXT,
  NUMBER_MARKER,
  contractSchemas,
  fieldNamesOf,
  genericBadBodies,
  sampleOf,
} from './testing/bad-input-samples';
import { registeredRoutes, type RegisteredRoute } from './testing/registered-routes';
import { createTestApp, type TestApp } from './testing/test-app';
import { createWalker, walkerMarket } from './testing/walker';

const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
/**
 * The walk sends every contract's bad bodies or queries to every route, so it grows with both:
 * it is cut into shards, each its own test with its own time limit, over the routes in turn.
 * A shard is ~2,000 requests and ~10 s of CPU on PGlite, all of it on the one thread: its wall
 * time is that CPU divided by the share of a core it gets, so a busy machine stretches it several
 * times; the limits leave room for that and no more.
 */
const SHARDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * Bad input is the sender's mistake: whatever it is, the answer is a 4xx with a sentence, never a
 * 500 (which also logged the failing query with its parameters). Every registered route is walked
 * with NUL characters, dates and numbers out of the database's range and wrong shapes.
 *
 * The steps share one app and run in order: the routes and the ids the app hands back are found
 * first, each shard then walks its routes, and the last step reads the whole walk's log.
 */
describe.each(testDatabaseKinds)('the bad-input walk on %s', (kind) => {
  let harness: TestApp;
  const market = walkerMarket();
  const { send, signIn } = createWalker(() => harness);
  let routes: RegisteredRoute[] = [];
  let known: string[] = [];
  let sent = 0;

  /** Sends 8 at a time; returns the answers and the lines of any 5xx. */
  const sendAll = async (requests: readonly InjectOptions[]) => {
    const answers: LightMyRequestResponse[] = [];
    const failures: string[] = [];
    for (let from = 0; from < requests.length; from += 8) {
      const batch = requests.slice(from, from + 8);
      const responses = await Promise.all(batch.map((request) => send(request)));
      responses.forEach((response, index) => {
        const request = batch[index];
        if (response.statusCode >= 500 && request) failures.push(failureLine(request, response));
      });
      answers.push(...responses);
      sent += batch.length;
    }
    // Logging out or changing the password ends the walker's session: start another.
    const me = await send({ method: 'GET', url: '/api/auth/me' });
    if (me.statusCode === 401) await signIn();
    return { answers, failures };
  };

  beforeAll(async () => {
    // With jobs: a valid start (the Final Truth Scan takes `{}`) runs, as on a real server.
    harness = await createTestApp(kind, { market, withJobs: true });
    await signIn();
    routes = registeredRoutes(harness.app).filter(
      (route) => route.url.startsWith('/api') && !['HEAD', 'OPTIONS'].includes(route.method),
    );
  });
  afterAll(async () => {
    await harness.close();
    market.close();
  });

  it('finds the routes, and the ids and addresses well-formed samples hand back', async () => {
    // The walk finds the routes itself; these prove it read the route tree at all.
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/login' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/api/groups/:id' });
    // First well-formed samples everywhere, so that tags, groups and wallets exist; then the ids
    // and addresses the app hands back name real objects in the bad requests' paths.
    const found = new Set<string>();
    const failures: string[] = [];
    for (const route of routes) {
      const walked = await sendAll(plainRequestsFor(route));
      failures.push(...walked.failures);
      if (route.method === 'GET') for (const answer of walked.answers) idsIn(answer.body, found);
    }
    known = [...found].slice(0, 16);
    expect(known.length).toBeGreaterThan(3);
    expect(failures).toEqual([]);
  }, 120_000);

  it.each(SHARDS)(
    `shard %i of ${SHARDS.length}: no route answers bad input with a 5xx`,
    async (shard) => {
      expect(known.length, 'the first step found the ids').toBeGreaterThan(3);
      const bodies = badBodies();
      const queries = badQueries();
      const failures: string[] = [];
      for (const [index, route] of routes.entries()) {
        if (index % SHARDS.length !== shard - 1) continue;
        failures.push(...(await sendAll(requestsFor(route, bodies, queries, known))).failures);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('sent thousands of requests, logged no 500 and needed no database refusal', () => {
    expect(sent).toBeGreaterThan(2_000);
    const logged500s = harness.logs.filter(
      (line) => line.includes('"level":50') || /"statusCode":5\d\d/.test(line),
    );
    expect(logged500s).toEqual([]);
    // The database's refusals are a safety net (http/database-errors.ts): the walk never needs it.
    expect(harness.logs.filter((line) => line.includes('database refused a value'))).toEqual([]);
  });
});

interface QueryVariant {
  readonly [name: string]: string;
}

/** JSON texts: each contract body with its text (or number) leaves bad, fields alone, shapes. */
function badBodies(): string[] {
  const bodies = new Set<string>(genericBadBodies());
  for (const schema of contractSchemas().filter((entry) => entry.kind === 'body')) {
    for (const text of [NUL_TEXT, BAD_DATES[0], BAD_DATES[2]]) {
      bodies.add(JSON.stringify(sampleOf(schema.json, { kind: 'text', text })));
    }
    const withNumbers = JSON.stringify(
      sampleOf(schema.json, { kind: 'number', marker: NUMBER_MARKER }),
    );
    if (withNumbers.includes(NUMBER_MARKER)) {
      for (const token of BAD_JSON_NUMBERS) {
        bodies.add(withNumbers.replaceAll(`"${NUMBER_MARKER}"`, token));
      }
    }
    for (const name of fieldNamesOf(schema.json)) bodies.add(JSON.stringify({ [name]: NUL_TEXT }));
  }
  return [...bodies];
}

/** Query strings: each contract query with bad text, dates, cursors or numbers; fields alone. */
function badQueries(): QueryVariant[] {
  const queries: QueryVariant[] = [];
  const names = new Set<string>();
  for (const schema of contractSchemas().filter((entry) => entry.kind === 'query')) {
    for (const text of [NUL_TEXT, ...BAD_DATES, ...BAD_CURSORS]) {
      queries.push(asQuery(sampleOf(schema.json, { kind: 'text', text })));
    }
    const withNumbers = asQuery(sampleOf(schema.json, { kind: 'number', marker: NUMBER_MARKER }));
    if (Object.values(withNumbers).includes(NUMBER_MARKER)) {
      for (const token of BAD_QUERY_NUMBERS) {
        queries.push(
          Object.fromEntries(
            Object.entries(withNumbers).map(([name, value]) => [
              name,
              value === NUMBER_MARKER ? token : value,
            ]),
          ),
        );
      }
    }
    for (const name of fieldNamesOf(schema.json)) names.add(name);
  }
  for (const name of names) queries.push({ [name]: NUL_TEXT });
  queries.push(Object.fromEntries([...names].map((name) => [name, NUL_TEXT])));
  return queries;
}

function asQuery(sample: unknown): QueryVariant {
  const entries = Object.entries(sample as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([name, value]) => [name, typeof value === 'string' ? value : String(value)]),
  );
}

const PARAM_VALUES = [
  'abc%00def',
  '%00',
  '99999999999999999999',
  '-1',
  'NaN',
  '1e309',
  encodeURIComponent(BAD_DATES[0]),
  'all',
  `seed:${randomUUID()}`,
  `seed:abc%00`,
];

/**
 * The bad requests for one route: every parameter value (odd ones and ids the app handed out)
 * with an empty body, then every bad body or query with the path naming real objects in turn.
 */
function requestsFor(
  route: RegisteredRoute,
  bodies: readonly string[],
  queries: readonly QueryVariant[],
  known: readonly string[],
): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const hasBody = BODY_METHODS.has(route.method);
  const urlWith = (value: string) => route.url.replace(/:[A-Za-z_]+/g, () => value);
  const urlOf = (index: number) => urlWith(known[index % known.length] ?? randomUUID());
  const requests: InjectOptions[] = [];
  if (route.url.includes(':')) {
    for (const value of [...PARAM_VALUES, ...known.map(encodeURIComponent)]) {
      requests.push({ method, url: urlWith(value), ...(hasBody ? json('{}') : {}) });
    }
  }
  if (hasBody) {
    bodies.forEach((body, index) => requests.push({ method, url: urlOf(index), ...json(body) }));
    requests.push({
      method,
      url: `${urlOf(0)}?${queryString({ q: NUL_TEXT })}`,
      ...json('{}'),
    });
  } else {
    queries.forEach((query, index) =>
      requests.push({ method, url: `${urlOf(index)}?${queryString({ ...query })}` }),
    );
  }
  return requests;
}

function failureLine(request: InjectOptions, response: LightMyRequestResponse): string {
  const payload = typeof request.payload === 'string' ? request.payload.slice(0, 160) : '';
  return `${request.method} ${typeof request.url === 'string' ? request.url : ''} ${payload} → ${response.statusCode} ${response.body}`;
}

const UUID_OR_ADDRESS =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g;

function idsIn(body: string, found: Set<string>): void {
  for (const match of body.matchAll(UUID_OR_ADDRESS)) found.add(match[0]);
}

/** Well-formed samples of every contract body (or query), with plain text in their text fields. */
function plainRequestsFor(route: RegisteredRoute): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const url = route.url.replace(/:[A-Za-z_]+/g, () => randomUUID());
  return contractSchemas()
    .filter((schema) => (schema.kind === 'body') === BODY_METHODS.has(route.method))
    .map((schema) => {
      const sample = sampleOf(schema.json, { kind: 'text', text: 'walker' });
      return schema.kind === 'body'
        ? { method, url, ...json(JSON.stringify(sample)) }
        : { method, url: `${url}?${queryString(asQuery(sample))}` };
    });
}

function queryString(query: Record<string, string>): string {
  return new URLSearchParams(query).toString();
}

function json(payload: string): Pick<InjectOptions, 'payload' | 'headers'> {
  return { payload, headers: { 'content-type': 'application/json' } };
}
