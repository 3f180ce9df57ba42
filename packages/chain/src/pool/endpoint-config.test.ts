import { describe, expect, it } from 'vitest';

import { endpointLabels, parseRpcUrlList } from './endpoint-config';

describe('naming RPC endpoints', () => {
  it('reads a comma-separated list with an optional #rps fragment', () => {
    expect(
      parseRpcUrlList(' https://a.example/key-1#rps=50 ,https://b.example/?api-key=k2,, '),
    ).toEqual([
      { url: 'https://a.example/key-1', rps: 50 },
      { url: 'https://b.example/?api-key=k2' },
    ]);
  });

  it('reads a separate send rate beside the overall one, or alone', () => {
    expect(
      parseRpcUrlList('https://a.example#rps=50&sendRps=10,https://b.example#sendRps=2.5'),
    ).toEqual([
      { url: 'https://a.example/', rps: 50, sendRps: 10 },
      { url: 'https://b.example/', sendRps: 2.5 },
    ]);
    expect(() => parseRpcUrlList('https://a.example#rps=50&sendRps=0')).toThrow(
      'RPC endpoint a.example: sendRps must be positive',
    );
    expect(() => parseRpcUrlList('https://a.example#sendRps=')).toThrow('sendRps must be positive');
    expect(() => parseRpcUrlList('https://a.example#sendRps=ten')).toThrow(
      'sendRps must be positive',
    );
  });

  it('refuses an empty list, a non-URL (without echoing it) and a bad rate', () => {
    expect(() => parseRpcUrlList(' , ')).toThrow('No RPC endpoint given');
    expect(() => parseRpcUrlList('not a url with-secret')).toThrow(
      'An RPC endpoint is not a valid URL',
    );
    expect(() => parseRpcUrlList('ftp://a.example')).toThrow('must use http or https');
    expect(() => parseRpcUrlList('https://a.example#rps=0')).toThrow('rps must be positive');
  });

  it('labels endpoints by host only, numbering hosts that repeat', () => {
    expect(
      endpointLabels([
        { url: 'https://a.example/secret' },
        { url: 'http://127.0.0.1:8899/rpc/a' },
        { url: 'http://127.0.0.1:8899/rpc/b' },
        { url: 'https://c.example', name: 'Helius' },
      ]),
    ).toEqual(['a.example', '127.0.0.1:8899 #1', '127.0.0.1:8899 #2', 'Helius']);
  });
});
