import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createWalletListCache, negotiateEncoding } from './wallet-list-cache';

const list = (version: string, size = 2_000) => ({
  version,
  body: `{"version":"${version}","pad":"${'x'.repeat(size)}"}`,
});

describe('the wallet list cache', () => {
  it('answers only for the version it holds', () => {
    const cache = createWalletListCache({ maxBytes: 1e6 });
    cache.set('tenant-a', list('3'));
    expect(cache.get('tenant-a', '3')?.version).toBe('3');
    expect(cache.get('tenant-a', '4')).toBeUndefined();
    expect(cache.get('tenant-b', '3')).toBeUndefined();
  });

  it('never lets a slower, older write replace a newer list', () => {
    const cache = createWalletListCache({ maxBytes: 1e6 });
    cache.set('tenant-a', list('10'));
    cache.set('tenant-a', list('9'));
    expect(cache.get('tenant-a', '10')).toBeDefined();
    cache.set('tenant-a', list('11'));
    expect(cache.get('tenant-a', '11')).toBeDefined();
  });

  it('forgets a deleted list and its bytes', () => {
    const cache = createWalletListCache({ maxBytes: 5_000 });
    cache.set('a', list('1'));
    cache.delete('a');
    cache.delete('never-set');
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.size).toBe(0);
    // Its bytes were given back: two lists fit again where the budget holds two.
    cache.set('b', list('1'));
    cache.set('c', list('1'));
    expect(cache.size).toBe(2);
  });

  it('evicts the least recently used lists past its byte budget', () => {
    const cache = createWalletListCache({ maxBytes: 5_000 });
    cache.set('a', list('1'));
    cache.set('b', list('1'));
    expect(cache.get('a', '1')).toBeDefined(); // a is now the most recent
    cache.set('c', list('1'));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('c', '1')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('compresses a cached list once per encoding, and the bytes decode to the list', async () => {
    const cache = createWalletListCache({ maxBytes: 1e6 });
    const cached = list('1');
    cache.set('a', cached);
    const first = cache.encoded('a', cached, 'br');
    expect(cache.encoded('a', cached, 'br')).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe(cached.body);
    expect(gunzipSync(await cache.encoded('a', cached, 'gzip')).toString()).toBe(cached.body);
    expect((await cache.encoded('a', cached, 'identity')).toString()).toBe(cached.body);
  });

  it('compresses a list it does not hold for that answer only', async () => {
    const cache = createWalletListCache({ maxBytes: 1e6 });
    const filtered = list('1');
    const bytes = await cache.encoded('', filtered, 'gzip');
    expect(gunzipSync(bytes).toString()).toBe(filtered.body);
    expect(cache.size).toBe(0);
  });
});

describe('choosing the response encoding', () => {
  it('prefers br, then gzip, and honours q=0 refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('BR')).toBe('br');
  });
});
