import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Secrets of this installation that the environment did not supply: the key-encryption key, the
 * admin token and the demo password. Generated on first start into FLEET_DATA_DIR/secrets.json
 * (mode 0600); production passes FLEET_KEK and FLEET_ADMIN_TOKEN instead.
 */
const fileSchema = z.object({
  kek: z.string().optional(),
  /** Set while `rotate-kek` runs: the KEK being rotated to, so an interrupted run can resume. */
  pendingKek: z.string().optional(),
  /** Earlier KEKs that still wrapped data keys when a rotation ended: kept until none does. */
  previousKeks: z.array(z.string()).optional(),
  adminToken: z.string().optional(),
  demoPassword: z.string().optional(),
});
export type SecretsFile = z.infer<typeof fileSchema>;

export interface InstanceSecrets {
  readonly kekBase64: string;
  readonly adminToken: string;
  readonly demoPassword: string;
  /** A KEK rotation that started and has not finished (file-managed KEKs only). */
  readonly pendingKekBase64: string | undefined;
  /** Earlier file-managed KEKs that still wrap data keys (see `rotate-kek`). */
  readonly previousKekBase64s: readonly string[];
  /** True when the KEK lives in the secrets file rather than in FLEET_KEK. */
  readonly kekInFile: boolean;
  /** Which values were generated just now, so the start can print them once. */
  readonly generated: ReadonlySet<'kek' | 'adminToken' | 'demoPassword'>;
  readonly path: string;
  /**
   * Writes a KEK generated just now into the file; a no-op otherwise. Deferred so that the start
   * can first check the KEK against the stored data keys: a fresh KEK beside a database that
   * already holds keys means the secrets file was lost, and must not replace it on disk.
   */
  saveGeneratedKek(): void;
}

/** The start cannot go on without a key-encryption key it may use. */
export class MissingKekError extends Error {
  override readonly name = 'MissingKekError';
}

export function loadInstanceSecrets(options: {
  readonly dataDir: string;
  readonly kek: string | undefined;
  readonly adminToken: string | undefined;
  readonly demoPassword: string | undefined;
  /** Production never generates a KEK: without FLEET_KEK or a stored one, the start stops. */
  readonly production?: boolean;
}): InstanceSecrets {
  const path = join(options.dataDir, 'secrets.json');
  const stored = readSecretsFile(path);
  if (!options.kek && !stored.kek && options.production) {
    throw new MissingKekError(
      `FLEET_KEK is not set and ${path} holds no key-encryption key; production never generates one. Set FLEET_KEK to 32 random bytes in base64 (for example the output of \`openssl rand -base64 32\`), and keep it safe: the stored private keys open only with it.`,
    );
  }
  const generated = new Set<'kek' | 'adminToken' | 'demoPassword'>();
  const take = (
    name: 'kek' | 'adminToken' | 'demoPassword',
    fromEnv: string | undefined,
    make: () => string,
  ) => {
    if (fromEnv) return fromEnv;
    const existing = stored[name];
    if (existing) return existing;
    generated.add(name);
    return make();
  };
  const secrets = {
    kekBase64: take('kek', options.kek, () => randomBytes(32).toString('base64')),
    adminToken: take('adminToken', options.adminToken, () => randomBytes(32).toString('base64url')),
    demoPassword: take('demoPassword', options.demoPassword, () =>
      randomBytes(12).toString('base64url'),
    ),
  };
  if (generated.has('adminToken') || generated.has('demoPassword')) {
    writeSecretsFile(path, {
      ...stored,
      ...(generated.has('adminToken') ? { adminToken: secrets.adminToken } : {}),
      ...(generated.has('demoPassword') ? { demoPassword: secrets.demoPassword } : {}),
    });
  }
  const kekInFile = !options.kek;
  return {
    ...secrets,
    pendingKekBase64: kekInFile ? stored.pendingKek : undefined,
    previousKekBase64s: kekInFile ? (stored.previousKeks ?? []) : [],
    kekInFile,
    generated,
    path,
    saveGeneratedKek() {
      if (!generated.has('kek')) return;
      updateSecretsFile(path, (file) => (file.kek ? file : { ...file, kek: secrets.kekBase64 }));
    },
  };
}

/**
 * The secrets file as it is, for commands that run beside the server: nothing is generated and
 * nothing is written.
 */
export function readInstanceSecretsFile(dataDir: string): {
  readonly path: string;
  readonly contents: SecretsFile;
} {
  const path = join(dataDir, 'secrets.json');
  return { path, contents: readSecretsFile(path) };
}

/** Changes some fields of the secrets file, atomically, keeping the others. */
export function updateSecretsFile(
  path: string,
  change: (current: SecretsFile) => SecretsFile,
): void {
  writeSecretsFile(path, change(readSecretsFile(path)));
}

function readSecretsFile(path: string): SecretsFile {
  if (!existsSync(path)) return {};
  // A secrets file others can read is tightened rather than trusted as it is.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} is not a valid Fleet secrets file`);
  return parsed.data;
}

function writeSecretsFile(path: string, contents: SecretsFile): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}
