import { databaseLocationFor, migrateDatabase, openDatabase, type FleetDatabase } from '@fleet/db';
import type { Env } from '../env';
import { readInstanceSecretsFile, updateSecretsFile } from '../runtime/secrets-file';
import { takeRotationLock } from '../runtime/vault-lock';
import {
  generateKekBase64,
  parseKek,
  parseKeks,
  readKekUsage,
  rotateKek,
  type Kek,
  type RotateKekProgress,
} from '../vault';

/** A rotation pass that still finds keys under an old KEK runs again, this many times at most. */
const MAX_PASSES = 3;

export interface RotateKekCommandHooks {
  /** Called after each tenant's transaction; tests use it to play a writer during the rotation. */
  readonly onTenantDone?: (progress: RotateKekProgress, db: FleetDatabase) => Promise<void>;
}

interface KnownKek {
  readonly kek: Kek;
  /** Set for KEKs the secrets file holds, so they can be written back while still in use. */
  readonly base64?: string;
}

/**
 * `npm run fleet -- rotate-kek [--new-kek BASE64]`: re-wraps every tenant's data key under a new
 * key-encryption key. Runs only while no server uses the database (the vault lock), so no data key
 * can be wrapped under the old KEK behind its back; until it holds that lock it writes nothing.
 * With the KEK in the secrets file, the new one is generated, recorded as pending before any row
 * changes (an interrupted run resumes with it, and a server started meanwhile seals under it), and
 * becomes the KEK when every row is done. An old KEK is dropped from the file only when the counts
 * kept beside the data keys say it wraps none. With FLEET_KEK, pass the new key; afterwards set
 * FLEET_KEK to it.
 */
export async function rotateKekCommand(
  env: Env,
  args: readonly string[],
  print: (line: string) => void,
  hooks: RotateKekCommandHooks = {},
): Promise<void> {
  const newKekArg = valueOf(args, '--new-kek');
  const file = readInstanceSecretsFile(env.dataDir);
  const kekInFile = !env.kek;
  const currentBase64 = env.kek ?? file.contents.kek;
  if (!currentBase64) {
    throw new Error(
      `there is no key-encryption key to rotate: FLEET_KEK is not set and ${file.path} holds none`,
    );
  }
  const current = parseKek(currentBase64);
  const pendingBase64 = kekInFile ? file.contents.pendingKek : undefined;
  if (!kekInFile && !newKekArg) {
    throw new Error(
      'FLEET_KEK comes from the environment: pass the new key with --new-kek <base64 of 32 bytes>',
    );
  }
  if (pendingBase64 && newKekArg && newKekArg !== pendingBase64) {
    throw new Error(
      'an interrupted rotation to another key is pending in the secrets file: run rotate-kek without --new-kek to finish it first',
    );
  }
  const targetBase64 = newKekArg ?? pendingBase64 ?? generateKekBase64();
  const target = parseKek(targetBase64);
  const known: KnownKek[] = uniqueById([
    { kek: current, ...(kekInFile ? { base64: currentBase64 } : {}) },
    ...(pendingBase64 ? [{ kek: parseKek(pendingBase64), base64: pendingBase64 }] : []),
    ...(kekInFile ? (file.contents.previousKeks ?? []) : []).map((base64) => ({
      kek: parseKek(base64),
      base64,
    })),
    ...(env.previousKeks ? parseKeks(env.previousKeks) : []).map((kek) => ({ kek })),
  ]);

  const location = databaseLocationFor(env);
  const release = await takeRotationLock(location, env.dataDir);
  try {
    const database = await openDatabase(location);
    try {
      await migrateDatabase(database);
      if (pendingBase64) {
        print('Resuming the KEK rotation that was interrupted.');
      } else if (kekInFile) {
        updateSecretsFile(file.path, (contents) => ({ ...contents, pendingKek: targetBase64 }));
      }

      let rewrapped = 0;
      let tenants = 0;
      let stale: string[] = [];
      for (let pass = 1; pass <= MAX_PASSES; pass++) {
        const result = await rotateKek({
          db: database.db,
          from: known.map((entry) => entry.kek),
          to: target,
          onProgress: async (progress) => {
            if (
              progress.tenantsDone % 100 === 0 ||
              progress.tenantsDone === progress.tenantsTotal
            ) {
              print(`  ${progress.tenantsDone}/${progress.tenantsTotal} tenants`);
            }
            await hooks.onTenantDone?.(progress, database.db);
          },
        });
        rewrapped += result.rewrapped;
        tenants = result.tenants;
        stale = [...(await readKekUsage(database.db)).keys()].filter((id) => id !== target.id);
        if (stale.length === 0) break;
        print(`  ${stale.length} earlier KEK(s) still wrap data keys written meanwhile: again.`);
      }

      const stillUsed = known.filter((entry) => stale.includes(entry.kek.id));
      if (kekInFile) {
        const keep = stillUsed.flatMap((entry) => (entry.base64 ? [entry.base64] : []));
        updateSecretsFile(file.path, (contents) => {
          const { pendingKek: _done, previousKeks: _before, ...rest } = contents;
          return { ...rest, kek: targetBase64, ...(keep.length > 0 ? { previousKeks: keep } : {}) };
        });
      }
      print(
        `KEK rotated to ${target.id}: ${rewrapped} data key(s) re-wrapped, ${tenants} tenant(s).`,
      );
      if (stillUsed.length > 0) {
        print(
          `KEK(s) ${stillUsed.map((entry) => entry.kek.id).join(', ')} still wrap data keys and are kept${kekInFile ? ' in the secrets file' : ': keep them in FLEET_KEK_PREVIOUS'}; run rotate-kek again to finish.`,
        );
      }
      print(
        kekInFile
          ? `The new KEK is stored in ${file.path}.`
          : 'Set FLEET_KEK to the new key before the next start: the servers refuse to start with the old one.',
      );
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

function uniqueById(entries: readonly KnownKek[]): KnownKek[] {
  const seen = new Map<string, KnownKek>();
  for (const entry of entries) {
    const existing = seen.get(entry.kek.id);
    if (!existing || (!existing.base64 && entry.base64)) seen.set(entry.kek.id, entry);
  }
  return [...seen.values()];
}

function valueOf(args: readonly string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
}
