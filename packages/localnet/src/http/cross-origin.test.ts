import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalnet, type Localnet } from '../index.js';

describe('calls from a page on another origin', () => {
  let localnet: Localnet;
  beforeAll(async () => {
    localnet = await createLocalnet();
  });
  afterAll(async () => {
    await localnet.close();
  });

  it('are allowed, as solana-test-validator allows them, so a block explorer can read the sandbox', async () => {
    const preflight = await fetch(localnet.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://explorer.solana.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, solana-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'content-type, solana-client',
    );

    const answer = await fetch(localnet.url, {
      method: 'POST',
      headers: { origin: 'https://explorer.solana.com', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await answer.json()) as { result: unknown }).result).toEqual(expect.any(Number));
  });
});
