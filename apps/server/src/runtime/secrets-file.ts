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
  /** True when the KEK lives in the secrets file rather than in FLEET_KEK. */
  readonly kekInFile: boolean;
  /** Which values were generated just now, so the start can print them once. */
  readonly generated: ReadonlySet<'kek' | 'adminToken' | 'demoPassword'>;
  readonly path: string;
}

export function loadInstanceSecrets(options: {
  readonly dataDir: string;
  readonly kek: string | undefined;
  readonly adminToken: string | undefined;
  readonly demoPassword: string | undefined;
}): InstanceSecrets {
  const path = join(options.dataDir, 'secrets.json');
  const stored = readSecretsFile(path);
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
  if (generated.size > 0) {
    writeSecretsFile(path, {
      ...stored,
      ...(generated.has('kek') ? { kek: secrets.kekBase64 } : {}),
      ...(generated.has('adminToken') ? { adminToken: secrets.adminToken } : {}),
      ...(generated.has('demoPassword') ? { demoPassword: secrets.demoPassword } : {}),
    });
  }
  return {
    ...secrets,
    pendingKekBase64: options.kek ? undefined : stored.pendingKek,
    kekInFile: !options.kek,
    generated,
    path,
  };
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
