import { Writable } from 'node:stream';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/create-logger';
import { registerErrorHandling } from './error-handler';

// Query parameters carry what operators type (e-mails, names) and, on some paths, secrets.
const CANARY = 'parameter-canary-7f3a';

describe.each(testDatabaseKinds)('database refusals on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const logger: FastifyBaseLogger = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
    );
    app = Fastify({ loggerInstance: logger });
    registerErrorHandling(app, { bodyLimitBytes: 1024 });
    const { db } = database;
    app.get('/nul', () => db.execute(sql`select ${`a\u0000${CANARY}`}::text as value`));
    app.get('/huge-number', () =>
      db.execute(sql`select ${'99999999999'}::int where ${CANARY} <> ''`),
    );
    app.get('/not-a-uuid', () => db.execute(sql`select ${CANARY}::uuid`));
    app.get('/far-date', () =>
      db.execute(sql`select ${`+275760-09-13T00:00:00.000Z`}::timestamptz where ${CANARY} <> ''`),
    );
    app.get('/division', () => db.execute(sql`select 1 / 0 where ${CANARY} <> ''`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    ['/nul', 'Text contains a character that cannot be stored (such as NUL)'],
    ['/huge-number', 'A number is out of range'],
    ['/not-a-uuid', 'A value is not in the expected format'],
  ])('answers a value it cannot store (%s) with a 400 and a sentence', async (url, message) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'DATABASE__VALUE_REFUSED' });
  });

  it('answers a date beyond its range with a 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/far-date' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('DATABASE__VALUE_REFUSED');
  });

  it('logs such a refusal as a warning with its SQLSTATE, never the value', () => {
    const warnings = logs.filter((line) => line.includes('"level":40'));
    expect(warnings.join('\n')).toContain('"sqlState":"22021"');
    expect(warnings.join('\n')).not.toContain(CANARY);
  });

  it('answers any other database failure with a bland 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/division' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Internal server error',
      code: 'INTERNAL__UNEXPECTED',
    });
  });

  it('logs the 500 with the query and the database message but not the parameters', () => {
    const failure = logs.find((line) => line.includes('"level":50'));
    expect(failure).toBeDefined();
    expect(failure).toContain('select 1 / 0');
    expect(failure).toContain('division by zero');
    expect(failure).toContain('"sqlState":"22012"');
    expect(failure).toContain('params: [not logged]');
    expect(logs.join('\n')).not.toContain(CANARY);
  });
});
