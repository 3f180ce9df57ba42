import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadInstanceSecrets, MissingKekError } from './secrets-file';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const none = { kek: undefined, adminToken: undefined, demoPassword: undefined };

describe('instance secrets', () => {
  it('are generated on first start into a file only the owner can read', () => {
    const dataDir = freshDir();
    const secrets = loadInstanceSecrets({ dataDir, ...none });
    expect(Buffer.from(secrets.kekBase64, 'base64')).toHaveLength(32);
    expect(secrets.adminToken.length).toBeGreaterThanOrEqual(40);
    expect([...secrets.generated].sort()).toEqual(['adminToken', 'demoPassword', 'kek']);
    expect(statSync(secrets.path).mode & 0o777).toBe(0o600);
  });

  it('are the same on the next start and are not reported as new', () => {
    const dataDir = freshDir();
    const first = loadInstanceSecrets({ dataDir, ...none });
    first.saveGeneratedKek();
    const second = loadInstanceSecrets({ dataDir, ...none });
    expect(second.kekBase64).toBe(first.kekBase64);
    expect(second.adminToken).toBe(first.adminToken);
    expect(second.generated.size).toBe(0);
  });

  it('come from the environment when given, and are then not written', () => {
    const dataDir = freshDir();
    const kek = Buffer.alloc(32, 1).toString('base64');
    const secrets = loadInstanceSecrets({
      dataDir,
      kek,
      adminToken: 'x'.repeat(32),
      demoPassword: 'demo-pass',
    });
    expect(secrets).toMatchObject({
      kekBase64: kek,
      adminToken: 'x'.repeat(32),
      demoPassword: 'demo-pass',
    });
    expect(secrets.generated.size).toBe(0);
  });

  it('tighten a secrets file that others could read', () => {
    const dataDir = freshDir();
    const path = join(dataDir, 'secrets.json');
    writeFileSync(path, JSON.stringify({ kek: Buffer.alloc(32, 2).toString('base64') }));
    chmodSync(path, 0o644);
    loadInstanceSecrets({ dataDir, ...none });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      kek: Buffer.alloc(32, 2).toString('base64'),
    });
  });

  it('write a generated KEK only when the start has checked it and saves it', () => {
    const dataDir = freshDir();
    const secrets = loadInstanceSecrets({ dataDir, ...none });
    const path = join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(path, 'utf8'))).not.toHaveProperty('kek');
    secrets.saveGeneratedKek();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ kek: secrets.kekBase64 });
  });

  it('never generate a KEK in production: the start stops and writes nothing', () => {
    const dataDir = freshDir();
    expect(() => loadInstanceSecrets({ dataDir, ...none, production: true })).toThrow(
      MissingKekError,
    );
    expect(() => loadInstanceSecrets({ dataDir, ...none, production: true })).toThrow(
      /FLEET_KEK is not set .* production never generates one/,
    );
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('use a KEK in production that the environment or the secrets file holds', () => {
    const dataDir = freshDir();
    const kek = Buffer.alloc(32, 3).toString('base64');
    expect(loadInstanceSecrets({ dataDir, ...none, kek, production: true }).kekBase64).toBe(kek);
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ kek }), { mode: 0o600 });
    expect(loadInstanceSecrets({ dataDir, ...none, production: true }).kekBase64).toBe(kek);
  });
});
