// Seed derivation where it really runs: in Chromium (the phrase never leaves the browser).
// Bundles the core derivation with esbuild, loads it into a blank page and times the same
// 100-account preview the Seed Phrase tab runs, on WebCrypto Ed25519 and on the pure-JS curve.
// Prints figures only. "Per core" divides by the renderer's CPU time where Chromium reports it.

import { build } from 'esbuild';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../e2e/support/chromium.js';

const PHRASE = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';

const entry = `
import {
  deriveSolanaAccounts,
  deriveSolanaAccountsAsync,
  stretchSeedPhraseAsync,
  webCryptoEd25519,
} from ${JSON.stringify(fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)))};

globalThis.benchSeed = async (phrase, count, rounds) => {
  const seed = await stretchSeedPhraseAsync(phrase);
  const publicKeysOf = await webCryptoEd25519();
  const time = async (run) => {
    let best = Infinity;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await run();
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const fast = await deriveSolanaAccountsAsync(seed, { count, publicKeysOf });
  const slow = deriveSolanaAccounts(seed, { count });
  const agree = fast.every((account, index) => account.privateKey === slow[index]?.privateKey);
  return {
    webCrypto: publicKeysOf !== undefined,
    agree,
    webCryptoMs: await time(() => deriveSolanaAccountsAsync(seed, { count, publicKeysOf })),
    pureJsMs: await time(() => deriveSolanaAccounts(seed, { count })),
    stretchMs: await time(() => stretchSeedPhraseAsync(phrase)),
  };
};
`;

async function main(): Promise<void> {
  const bundle = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text;
  if (!script) throw new Error('esbuild produced no bundle');

  const chromium = await launchChromium();
  try {
    // WebCrypto needs a secure context: a loopback origin is one, about:blank is not.
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>seed bench</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const page = await chromium.browser.newPage();
    await page.goto(`http://localhost:${port}/`);
    server.close();
    await page.addScriptTag({ content: script });
    console.log(
      `Chromium ${chromium.browser.version()}, best of 20 runs each (100 accounts is the spec's maximum per preview)`,
    );
    for (const count of [1, 20, 100]) {
      const result = await page.evaluate(
        ([phrase, accounts]) =>
          (
            globalThis as unknown as {
              benchSeed: (
                phrase: string,
                count: number,
                rounds: number,
              ) => Promise<{
                webCrypto: boolean;
                agree: boolean;
                webCryptoMs: number;
                pureJsMs: number;
                stretchMs: number;
              }>;
            }
          ).benchSeed(phrase, accounts, 20),
        [PHRASE, count] as const,
      );
      const rate = (ms: number) => Math.round((count / ms) * 1000).toLocaleString('en-US');
      console.log(
        `${String(count).padStart(5)} accounts: WebCrypto Ed25519 ${result.webCryptoMs.toFixed(1)} ms ` +
          `(${rate(result.webCryptoMs)}/s), pure JS ${result.pureJsMs.toFixed(1)} ms (${rate(result.pureJsMs)}/s); ` +
          `stretch ${result.stretchMs.toFixed(1)} ms; WebCrypto available: ${result.webCrypto}; ` +
          `same keys: ${result.agree ? 'yes' : 'NO'}`,
      );
    }
  } finally {
    await chromium.close();
  }
}

await main();
