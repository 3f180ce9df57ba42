import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { apiDownload } from './http';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(response: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(response);
  });
  return calls;
}

describe('apiDownload', () => {
  it('posts JSON with the session cookie and returns the file with its server name', async () => {
    const calls = answer(
      new Response('address\nAddr1\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="fleet-wallets.csv"',
        },
      }),
    );
    const file = await apiDownload('/api/wallets/export', {
      method: 'POST',
      body: { format: 'csv' },
    });
    expect(file.filename).toBe('fleet-wallets.csv');
    expect(await file.blob.text()).toBe('address\nAddr1\n');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"format":"csv"}',
    });
  });

  it('throws the server sentence as an ApiError when the answer is not OK', async () => {
    answer(new Response(JSON.stringify({ error: 'Too many requests' }), { status: 429 }));
    const failure = apiDownload('/api/wallets/export', { method: 'POST', body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Too many requests');
  });

  it('throws a NetworkError when no answer came', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiDownload('/api/wallets/export', {})).rejects.toBeInstanceOf(NetworkError);
  });
});
