import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadEnv({})).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      logLevel: 'info',
      serveWeb: true,
      kek: undefined,
      adminToken: undefined,
      adminPath: '/admin_secure_path_2025',
      demoEmail: 'demo@fleet.local',
      demoPassword: undefined,
      solanaRpcUrls: [],
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      devDatabase: true,
    });
  });

  it('treats production as a non-development database unless told otherwise', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).devDatabase).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', FLEET_DEV_DATABASE: 'true' }).devDatabase).toBe(true);
  });

  it('splits the RPC pool and refuses non-http entries', () => {
    expect(loadEnv({ SOLANA_RPC_URLS: 'http://a:8899, https://b/rpc' }).solanaRpcUrls).toEqual([
      'http://a:8899',
      'https://b/rpc',
    ]);
    expect(() => loadEnv({ SOLANA_RPC_URLS: 'ftp://x' })).toThrow(
      'Invalid environment variable SOLANA_RPC_URLS',
    );
  });

  it('names the cluster the RPC pool serves, mainnet unless told, and a custom one only with a URL a browser may see', () => {
    expect(loadEnv({}).solanaCluster).toBe('mainnet-beta');
    expect(loadEnv({ SOLANA_CLUSTER: 'devnet' }).solanaCluster).toBe('devnet');
    expect(
      loadEnv({ SOLANA_CLUSTER: 'custom', SOLANA_EXPLORER_RPC_URL: 'http://10.0.0.5:8899' }),
    ).toMatchObject({ solanaCluster: 'custom', solanaExplorerRpcUrl: 'http://10.0.0.5:8899' });
    expect(() => loadEnv({ SOLANA_CLUSTER: 'custom' })).toThrow(
      'Invalid environment variable SOLANA_EXPLORER_RPC_URL',
    );
    expect(() => loadEnv({ SOLANA_CLUSTER: 'localnet' })).toThrow(
      'Invalid environment variable SOLANA_CLUSTER',
    );
  });

  it("reads the scans' batch size as a whole number from 1 to 5000, unset by default", () => {
    expect(loadEnv({}).scanBatchSize).toBeUndefined();
    expect(loadEnv({ FLEET_SCAN_BATCH_SIZE: '100' }).scanBatchSize).toBe(100);
    for (const bad of ['0', '5001', '2.5', 'many']) {
      expect(() => loadEnv({ FLEET_SCAN_BATCH_SIZE: bad })).toThrow(
        'Invalid environment variable FLEET_SCAN_BATCH_SIZE',
      );
    }
  });

  it('never echoes an admin token or a key-encryption key', () => {
    expect(() => loadEnv({ FLEET_ADMIN_TOKEN: 'short-secret' })).toThrow(
      /^Invalid environment variable FLEET_ADMIN_TOKEN: must be at least 24 characters$/,
    );
  });

  it('reads every variable it knows', () => {
    const env = loadEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      FLEET_DATA_DIR: '/tmp/fleet',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    expect(env).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/fleet',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      logLevel: 'warn',
      nodeEnv: 'production',
    });
  });

  it('keeps only the origin of FLEET_PUBLIC_URL and refuses anything with a path, query or credentials', () => {
    expect(loadEnv({}).publicUrl).toBeUndefined();
    expect(loadEnv({ FLEET_PUBLIC_URL: 'https://Fleet.Example.com/' }).publicUrl).toBe(
      'https://fleet.example.com',
    );
    expect(loadEnv({ FLEET_PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe(
      'http://10.0.0.5:8080',
    );
    for (const value of [
      'fleet.example.com',
      'ftp://fleet.example.com',
      'https://fleet.example.com/console',
      'https://fleet.example.com/?x=1',
      'https://user:pw@fleet.example.com',
    ]) {
      expect(() => loadEnv({ FLEET_PUBLIC_URL: value }), value).toThrow(
        'Invalid environment variable FLEET_PUBLIC_URL: must be the origin operators reach Fleet at, such as https://fleet.example.com',
      );
    }
  });

  it('reads FLEET_TRUST_PROXY as off, all, a hop count or a list of proxy addresses', () => {
    expect(loadEnv({}).trustProxy).toEqual({ kind: 'none' });
    expect(loadEnv({ FLEET_TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadEnv({ FLEET_TRUST_PROXY: '0' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadEnv({ FLEET_TRUST_PROXY: 'TRUE' }).trustProxy).toEqual({ kind: 'all' });
    expect(loadEnv({ FLEET_TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(
      loadEnv({ FLEET_TRUST_PROXY: '10.0.0.2, 172.16.0.0/12, ::1, loopback, 10.1.0.0/255.255.0.0' })
        .trustProxy,
    ).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.2', '172.16.0.0/12', '::1', 'loopback', '10.1.0.0/255.255.0.0'],
    });
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '99']) {
      expect(() => loadEnv({ FLEET_TRUST_PROXY: value }), value).toThrow(
        'Invalid environment variable FLEET_TRUST_PROXY',
      );
    }
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid environment variable PORT: must be a number (got "eighty")'],
    [
      { PORT: '70000' },
      'Invalid environment variable PORT: must be between 0 and 65535 (got "70000")',
    ],
    [{ PORT: '80.5' }, 'Invalid environment variable PORT: must be a whole number (got "80.5")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid environment variable LOG_LEVEL'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// URL',
    ],
    [{ HOST: '  ' }, 'Invalid environment variable HOST: must not be empty'],
    [
      { DATABASE_OWNER_URL: 'postgres://owner@db/fleet' },
      'Invalid environment variable DATABASE_OWNER_URL: needs DATABASE_URL (the serving role) beside it',
    ],
  ])('stops on a bad value with one line naming the variable: %o', (source, message) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('never echoes the value of a connection string', () => {
    try {
      loadEnv({ DATABASE_URL: 'mysql://user:hunter2@db' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });
});
