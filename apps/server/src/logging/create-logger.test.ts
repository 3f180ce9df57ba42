import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger';

const CANARY_KEY =
  '5MaiiCavjCmn9Hs1o3eznqDEhRwxo7pXiAYez7keQUviUkauRiTMD8DrESdrNjN8zd9mTmVhRvBJeg5vhyvgrAhG';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('the server logger', () => {
  it('redacts secrets passed as fields, nested fields and messages', () => {
    const { logger, lines } = capture();
    logger.info(
      { password: 'hunter22', wallet: { privateKey: CANARY_KEY } },
      `imported ${CANARY_KEY}`,
    );
    logger.info(
      { req: { headers: { authorization: 'Bearer abc', cookie: 'fleet_session=def' } } },
      'request',
    );
    const output = lines.join('');
    for (const secret of [CANARY_KEY, 'hunter22', 'Bearer abc', 'fleet_session=def']) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('[redacted]');
  });

  it('redacts secrets inside logged errors', () => {
    const { logger, lines } = capture();
    logger.error({ err: new Error(`decode failed for ${CANARY_KEY}`) }, 'import failed');
    const output = lines.join('');
    expect(output).not.toContain(CANARY_KEY);
    expect(output).toContain('decode failed for [redacted]');
  });

  it('serialises requests to method, url and address only, without the query secrets', () => {
    const { logger, lines } = capture();
    const request = {
      method: 'GET',
      url: `/api/x?key=${CANARY_KEY}`,
      ip: '127.0.0.1',
      headers: { cookie: 'c=1' },
    };
    logger.info({ req: request }, 'incoming request');
    const entry = JSON.parse(lines[0] ?? '{}') as { req: unknown };
    expect(entry.req).toEqual({
      method: 'GET',
      url: '/api/x?key=[redacted]',
      remoteAddress: '127.0.0.1',
    });
  });

  it('keeps ordinary facts readable', () => {
    const { logger, lines } = capture();
    logger.info(
      { address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', lamports: 5000 },
      'balance read',
    );
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({
      address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      lamports: 5000,
      msg: 'balance read',
    });
  });
});
