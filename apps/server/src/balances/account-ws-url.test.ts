import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { chainWsUrlFor, chainWsUrlOf } from './account-ws-url';

describe('the chain WebSocket URL', () => {
  it('is the RPC URL with http→ws and https→wss, its key kept and the pool fragment dropped', () => {
    expect(chainWsUrlFor('http://127.0.0.1:8899')).toBe('ws://127.0.0.1:8899/');
    expect(chainWsUrlFor('https://rpc.example.com/?api-key=K#rps=50&sendRps=10')).toBe(
      'wss://rpc.example.com/?api-key=K',
    );
  });

  it('takes SOLANA_WS_URL first, then the embedded localnet, then the first RPC URL', () => {
    const rpcUrls = ['https://a.example/rpc', 'https://b.example/rpc'];
    expect(
      chainWsUrlOf({ configured: 'wss://ws.example', localnetWsUrl: undefined, rpcUrls }),
    ).toBe('wss://ws.example');
    expect(
      chainWsUrlOf({ configured: undefined, localnetWsUrl: 'ws://127.0.0.1:9/', rpcUrls: [] }),
    ).toBe('ws://127.0.0.1:9/');
    expect(chainWsUrlOf({ configured: undefined, localnetWsUrl: undefined, rpcUrls })).toBe(
      'wss://a.example/rpc',
    );
    expect(chainWsUrlOf({ configured: undefined, localnetWsUrl: undefined, rpcUrls: [] })).toBe(
      undefined,
    );
  });

  it('reads SOLANA_WS_URL as an optional ws(s) URL', () => {
    expect(loadEnv({}).solanaWsUrl).toBe(undefined);
    expect(loadEnv({ SOLANA_WS_URL: ' ' }).solanaWsUrl).toBe(undefined);
    expect(loadEnv({ SOLANA_WS_URL: 'wss://ws.example/?k=1' }).solanaWsUrl).toBe(
      'wss://ws.example/?k=1',
    );
    expect(() => loadEnv({ SOLANA_WS_URL: 'https://ws.example' })).toThrow(
      /^Invalid environment variable SOLANA_WS_URL: must be a ws\(s\):\/\/ URL$/,
    );
  });
});
