import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy, type TrustProxySetting } from './trust-proxy';

/** What Fastify makes of a setting, for a request from `peer` forwarded for two clients. */
async function seenBehind(setting: TrustProxySetting, peer: string) {
  const app = Fastify({ trustProxy: fastifyTrustProxy(setting) });
  app.get('/', (request) => ({ ip: request.ip, protocol: request.protocol }));
  const response = await app.inject({
    url: '/',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': '203.0.113.1, 198.51.100.2', 'x-forwarded-proto': 'https' },
  });
  await app.close();
  return response.json<{ ip: string; protocol: string }>();
}

describe('the trusted proxy setting', () => {
  it('believes no forwarded header by default', async () => {
    expect(await seenBehind({ kind: 'none' }, '10.0.0.2')).toEqual({
      ip: '10.0.0.2',
      protocol: 'http',
    });
  });

  it('takes the client from the listed proxies only', async () => {
    const setting: TrustProxySetting = { kind: 'addresses', addresses: ['10.0.0.0/8'] };
    expect(await seenBehind(setting, '10.0.0.2')).toEqual({
      ip: '198.51.100.2',
      protocol: 'https',
    });
    expect(await seenBehind(setting, '192.0.2.9')).toEqual({ ip: '192.0.2.9', protocol: 'http' });
  });

  it('counts hops from the nearest peer (Fastify alone would ignore a bare number)', async () => {
    expect(await seenBehind({ kind: 'hops', hops: 1 }, '10.0.0.2')).toEqual({
      ip: '198.51.100.2',
      protocol: 'https',
    });
    expect((await seenBehind({ kind: 'hops', hops: 2 }, '10.0.0.2')).ip).toBe('203.0.113.1');
  });

  it('with true, takes the first forwarded address', async () => {
    expect((await seenBehind({ kind: 'all' }, '10.0.0.2')).ip).toBe('203.0.113.1');
  });

  it('explains what is wrong with a value it cannot read', () => {
    expect(parseTrustProxy('10.0.0.1, proxy.internal')).toBe(
      '"proxy.internal" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal (use false, true, a hop count or a comma-separated list)',
    );
    expect(parseTrustProxy('17')).toBe('a hop count must be at most 16');
  });
});
