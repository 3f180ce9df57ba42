import { readFileSync } from 'node:fs';
import { z } from 'zod';

const manifest = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')));

export const SERVER_VERSION = manifest.version;
