// Seed-phrase derivation and private-key parsing speed (issue 5: "seed derivation ≥ 5,000
// accounts/s per core after the one-off seed stretch"). Prints figures only, no assertions.
// Rates are given per wall-clock second and per CPU second ("per core"): on a shared machine the
// second is the fairer figure. Each measurement is the best of a few runs.

import { createPrivateKey, createPublicKey } from 'node:crypto';
import { loadavg, cpus } from 'node:os';

import { generateWalletKeypair } from '../../apps/server/src/wallets/generate-keypair';
import {
  createSolanaAccountDeriver,
  encodePrivateKeyBase58,
  parsePrivateKeys,
  stretchSeedPhrase,
  stretchSeedPhraseAsync,
  type Ed25519PublicKeyOf,
} from '../../packages/core/src/index.js';

const PHRASE = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
const RUNS = 3;

interface Measure {
  readonly wallMs: number;
  readonly cpuMs: number;
}

async function best(run: () => unknown, runs = RUNS): Promise<Measure> {
  let result: Measure = { wallMs: Number.POSITIVE_INFINITY, cpuMs: Number.POSITIVE_INFINITY };
  for (let attempt = 0; attempt < runs; attempt++) {
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    await run();
    const wallMs = performance.now() - wallStart;
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (cpuMs < result.cpuMs) result = { wallMs, cpuMs };
  }
  return result;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rate = (count: number, elapsedMs: number) =>
  `${Math.round((count / elapsedMs) * 1000).toLocaleString('en-US')}/s`;

/** node:crypto's ed25519 (OpenSSL), for a server to inject; checked against the default below. */
const nodePublicKeyOf: Ed25519PublicKeyOf = (seed) => {
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(seed).toString('base64url'), x: '' },
    format: 'jwk',
  });
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  return new Uint8Array(Buffer.from(x ?? '', 'base64url'));
};

/** Random secret keys from the server's own generator (DER out of the keygen job; no JWK). */
function randomSecretKeys(count: number): Uint8Array[] {
  return Array.from({ length: count }, () => generateWalletKeypair().secretKey);
}

async function main(): Promise<void> {
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}; node ${process.version}`,
  );

  console.log('\nseed stretch (PBKDF2-HMAC-SHA512, 2048 rounds, once per phrase)');
  const stretch = await best(() => stretchSeedPhrase(PHRASE));
  console.log(`  pure JS (@scure/bip39)   ${ms(stretch.wallMs)} wall, ${ms(stretch.cpuMs)} CPU`);
  const stretchAsync = await best(() => stretchSeedPhraseAsync(PHRASE));
  console.log(
    `  WebCrypto                ${ms(stretchAsync.wallMs)} wall, ${ms(stretchAsync.cpuMs)} CPU`,
  );

  const seed = stretchSeedPhrase(PHRASE);
  const nobleDerive = createSolanaAccountDeriver(seed);
  const nodeDerive = createSolanaAccountDeriver(seed, nodePublicKeyOf);
  let agree = true;
  for (let index = 0; index < 100; index++) {
    if (nobleDerive(index).privateKey !== nodeDerive(index).privateKey) agree = false;
  }

  console.log(
    "\naccount derivation after the stretch (m/44'/501'/{i}'/0': 2 HMAC steps + 1 ed25519 key)",
  );
  for (const [label, publicKeyOf] of [
    ['pure JS ed25519 (default, also in the browser)', undefined],
    ['node:crypto ed25519 (injected by a server)', nodePublicKeyOf],
  ] as const) {
    console.log(`  ${label}`);
    for (const count of [100, 1000]) {
      const measure = await best(() => {
        const derive = createSolanaAccountDeriver(seed, publicKeyOf);
        for (let index = 0; index < count; index++) derive(index);
      });
      console.log(
        `    ${String(count).padStart(5)} accounts: ${ms(measure.wallMs)} wall (${rate(count, measure.wallMs)}), ` +
          `${ms(measure.cpuMs)} CPU (${rate(count, measure.cpuMs)} per core)`,
      );
    }
  }
  console.log(`  node:crypto and pure JS derive the same 100 accounts: ${agree ? 'yes' : 'NO'}`);

  console.log('\nprivate-key parsing (normalise, scan, decode, public-half check, de-duplicate)');
  const secretKeys = randomSecretKeys(1000);
  const thousand = secretKeys
    .map((key, index) => (index % 3 ? encodePrivateKeyBase58(key) : JSON.stringify([...key])))
    .join('\n');
  const filler = 'Lorem ipsum dolor sit amet, [consectetur] adipiscing elit 1234567890.\n';
  const tenMbMixed = `${thousand}\n${filler.repeat(Math.ceil((10_000_000 - thousand.length) / filler.length))}`;
  const keyLines = secretKeys.map((key) => encodePrivateKeyBase58(key)).join('\n');
  const tenMbKeys = `${keyLines}\n`.repeat(Math.ceil(10_000_000 / (keyLines.length + 1)));
  const cases = [
    ['1,000 keys (2/3 base58, 1/3 JSON)', thousand, undefined],
    ['1,000 keys, node:crypto ed25519', thousand, nodePublicKeyOf],
    ['10 MB: 1,000 keys + prose', tenMbMixed, undefined],
    [
      `10 MB: ${Math.round(tenMbKeys.length / 89).toLocaleString('en-US')} base58 keys, node:crypto`,
      tenMbKeys,
      nodePublicKeyOf,
    ],
  ] as const;
  for (const [label, text, publicKeyOf] of cases) {
    let found = 0;
    const measure = await best(
      () => {
        const result = parsePrivateKeys(text, publicKeyOf ? { publicKeyOf } : {});
        found = result.ok ? result.value.keys.length + result.value.duplicatesInInput : 0;
      },
      text === tenMbKeys ? 1 : RUNS,
    );
    console.log(
      `  ${label.padEnd(44)} ${(text.length / 1e6).toFixed(2)} MB: ${ms(measure.wallMs)} wall, ` +
        `${ms(measure.cpuMs)} CPU, ${found.toLocaleString('en-US')} keys read`,
    );
  }
}

await main();
