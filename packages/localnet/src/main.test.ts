// `npm run localnet` starts the localnet (with its sandbox market), prints where they listen and
// stops cleanly.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { rpcResult } from './testing/raw-rpc.js';

describe('the standalone localnet', () => {
  it('prints its URLs, serves RPC and the sandbox market, and exits cleanly on SIGTERM', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      // Only the variable under test: the child needs nothing else from this environment.
      env: { LOCALNET_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const [url, marketUrl] = await new Promise<[string, string]>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const match = /localnet RPC\s+(http:\/\/\S+)/.exec(output);
        const market = /^Sandbox market: (http:\/\/\S+)$/m.exec(output);
        if (match?.[1] !== undefined && market?.[1] !== undefined) resolve([match[1], market[1]]);
      });
      void exited.then((code) => reject(new Error(`exited early with ${code}: ${output}`)));
    });
    expect(await rpcResult(url, 'getHealth')).toBe('ok');
    const price = await fetch(
      `${marketUrl}/jupiter/price/v3?ids=So11111111111111111111111111111111111111112`,
    );
    expect(price.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
