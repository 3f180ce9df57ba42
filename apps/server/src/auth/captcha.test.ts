import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isFleetError } from '@fleet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlCaptchaVerifier, noCaptcha } from './captcha';

describe('the captcha verifier', () => {
  let server: Server;
  let url: string;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        const token = new URLSearchParams(body).get('response');
        response.setHeader('content-type', 'application/json');
        if (token === 'garbage') response.end('<html>');
        else response.end(JSON.stringify({ success: token === 'human' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('is off by default', async () => {
    await expect(noCaptcha.verify(undefined, undefined)).resolves.toBeUndefined();
  });

  it('passes a token the service accepts, sending the token and address', async () => {
    await expect(
      createUrlCaptchaVerifier(url).verify('human', '198.51.100.1'),
    ).resolves.toBeUndefined();
    expect(received.at(-1)).toBe('response=human&remoteip=198.51.100.1');
  });

  it.each([['robot'], [undefined]])(
    'refuses %s with "Captcha verification failed"',
    async (token) => {
      const attempt = createUrlCaptchaVerifier(url).verify(token, undefined);
      await expect(attempt).rejects.toSatisfy(
        (error: unknown) =>
          isFleetError(error, 'CAPTCHA__FAILED') && error.message === 'Captcha verification failed',
      );
    },
  );

  it('says the service is unavailable when it answers something that is not its JSON', async () => {
    const attempt = createUrlCaptchaVerifier(url).verify('garbage', undefined);
    await expect(attempt).rejects.toSatisfy((error: unknown) =>
      isFleetError(error, 'CAPTCHA__UNAVAILABLE'),
    );
  });

  it('says the service is unavailable when it cannot be reached', async () => {
    const attempt = createUrlCaptchaVerifier('http://127.0.0.1:9/verify', 2_000).verify(
      'human',
      undefined,
    );
    await expect(attempt).rejects.toSatisfy((error: unknown) =>
      isFleetError(error, 'CAPTCHA__UNAVAILABLE'),
    );
  });
});
