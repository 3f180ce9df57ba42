import { databaseLocationFor, migrateDatabase, openDatabase } from '@fleet/db';
import type { Env } from '../env';
import { lockDataDir } from '../runtime/data-dir-lock';
import { loadInstanceSecrets, updateSecretsFile } from '../runtime/secrets-file';
import { generateKekBase64, parseKek, parseKeks, rotateKek } from '../vault';

/**
 * `npm run fleet -- rotate-kek [--new-kek BASE64]`: re-wraps every tenant's data key under a new
 * key-encryption key. With the KEK in the secrets file, the new one is generated, recorded as
 * pending before any row changes (so an interrupted run resumes with the same key), and becomes the
 * KEK when every row is done. With FLEET_KEK, pass the new key; afterwards set FLEET_KEK to it.
 */
export async function rotateKekCommand(
  env: Env,
  args: readonly string[],
  print: (line: string) => void,
): Promise<void> {
  const newKekArg = valueOf(args, '--new-kek');
  const secrets = loadInstanceSecrets({
    dataDir: env.dataDir,
    kek: env.kek,
    adminToken: env.adminToken,
    demoPassword: env.demoPassword,
  });
  const current = parseKek(secrets.kekBase64);

  let targetBase64: string;
  if (newKekArg) {
    targetBase64 = newKekArg;
  } else if (secrets.pendingKekBase64) {
    targetBase64 = secrets.pendingKekBase64;
    print('Resuming the KEK rotation that was interrupted.');
  } else if (secrets.kekInFile) {
    targetBase64 = generateKekBase64();
  } else {
    throw new Error(
      'FLEET_KEK comes from the environment: pass the new key with --new-kek <base64 of 32 bytes>',
    );
  }
  const target = parseKek(targetBase64);
  if (secrets.kekInFile)
    updateSecretsFile(secrets.path, (file) => ({ ...file, pendingKek: targetBase64 }));

  const location = databaseLocationFor(env);
  const unlock = location.kind === 'pglite' ? lockDataDir(env.dataDir) : () => undefined;
  const database = await openDatabase(location);
  try {
    await migrateDatabase(database);
    const from = [
      current,
      ...(secrets.pendingKekBase64 ? [parseKek(secrets.pendingKekBase64)] : []),
      ...(env.previousKeks ? parseKeks(env.previousKeks) : []),
    ];
    const result = await rotateKek({
      db: database.db,
      from,
      to: target,
      onProgress: (progress) => {
        if (progress.tenantsDone % 100 === 0 || progress.tenantsDone === progress.tenantsTotal) {
          print(`  ${progress.tenantsDone}/${progress.tenantsTotal} tenants`);
        }
      },
    });
    if (secrets.kekInFile) {
      updateSecretsFile(secrets.path, ({ pendingKek: _done, ...file }) => ({
        ...file,
        kek: targetBase64,
      }));
    }
    print(
      `KEK rotated to ${target.id}: ${result.rewrapped} data key(s) re-wrapped, ${result.alreadyCurrent} already current, ${result.tenants} tenant(s).`,
    );
    print(
      secrets.kekInFile
        ? `The new KEK is stored in ${secrets.path}.`
        : 'Set FLEET_KEK to the new key before the next start.',
    );
  } finally {
    await database.close();
    unlock();
  }
}

function valueOf(args: readonly string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
}
