import { testDatabaseKinds } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSORS, NUL_TEXT } from './testing/bad-input-samples';
import { createTestApp, type TestApp } from './testing/test-app';
import { createWalker } from './testing/walker';

/**
 * Bad input is the sender's mistake: whatever it is, the answer is a 4xx with a sentence, never a
 * 500 (which also logged the failing query with its parameters). These are the named cases;
 * `bad-input-walk.test.ts` walks every registered route.
 */
describe.each(testDatabaseKinds)('bad input on %s', (kind) => {
  let harness: TestApp;
  const { send, signIn } = createWalker(() => harness);

  beforeAll(async () => {
    harness = await createTestApp(kind);
    await signIn();
  });
  afterAll(async () => {
    await harness.close();
  });

  it.each([
    ['POST', '/api/auth/login', { email: `ops${NUL_TEXT}@example.com`, password: 'x' }, 'email'],
    ['POST', '/api/tags', { name: NUL_TEXT }, 'name'],
    ['POST', '/api/groups', { group_name: NUL_TEXT }, 'group_name'],
    ['PATCH', '/api/master-wallet', { private_key: NUL_TEXT }, 'private_key'],
  ] as const)(
    '%s %s with a NUL in a text field is a 400 naming it',
    async (method, url, payload, field) => {
      const response = await send({ method, url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: `${field}: Text must not contain NUL characters`,
        code: 'REQUEST__NUL_CHARACTER',
      });
    },
  );

  it('a wallet search or address with a NUL is a 400', async () => {
    for (const url of ['/api/search?q=abc%00def', '/api/wallet/abc%00def']) {
      const response = await send({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('REQUEST__NUL_CHARACTER');
    }
  });

  it('a history cursor with a date Postgres cannot store is a 400 "Invalid history cursor"', async () => {
    for (const before of BAD_CURSORS) {
      const response = await send({
        method: 'GET',
        url: `/api/history/master-wallet?before=${before}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid history cursor',
        code: 'MASTER_WALLET__INVALID_HISTORY_CURSOR',
      });
    }
  });
});
