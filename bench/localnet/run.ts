// Localnet throughput over loopback, no injected latency. The localnet runs in its own process
// (as `npm run localnet` does) so that client and server do not share one event loop; the client
// keeps a fixed number of requests in flight on keep-alive connections. Prints figures only.
// Sends are measured twice: in memory, and persisted to a data directory (every landed
// transaction written to the log before its answer), with the log's size per transfer.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';

import { transferSol } from '../../packages/localnet/src/testing/kit-instructions.js';

const CONCURRENCY = 32;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface BenchServer {
  readonly url: string;
  readonly tokenOwners: string[];
  readonly child: ChildProcess;
}

function startLocalnet(dataDir?: string): Promise<BenchServer> {
  const server = fileURLToPath(new URL('./server.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', server, ...(dataDir ? [dataDir] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line !== undefined) {
        const { url, tokenOwners } = JSON.parse(line) as { url: string; tokenOwners: string[] };
        resolve({ url, tokenOwners, child });
      }
    });
    child.once('exit', (code) => reject(new Error(`localnet exited with ${code}`)));
  });
}

function post(url: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const reply = JSON.parse(
    await post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })),
  ) as {
    result?: T;
    error?: unknown;
  };
  if (reply.error !== undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.result as T;
}

/** Runs `count` requests with CONCURRENCY in flight; returns requests per second and failures. */
async function drive(
  count: number,
  body: (i: number) => string,
  url: string,
): Promise<{ perSecond: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const text = await post(url, body(i));
      if (!text.includes('"result"')) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, failed };
}

async function signTransfers(
  payer: KeyPairSigner,
  recipients: string[],
  blockhash: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  count: number,
): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [transferSol(payer, recipients[i % recipients.length] as never, 1_000n + BigInt(i))],
          m,
        ),
    );
    out.push(getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message)));
  }
  return out;
}

const SENDS = 3_000;

/** Signs SENDS transfers from `payer`, sends them all and counts the ones that landed. */
async function measureSends(
  url: string,
  payer: KeyPairSigner,
  recipients: string[],
): Promise<{ perSecond: number; failed: number; landed: number; signingPerSecond: number }> {
  const { value: blockhash } = await call<{
    value: { blockhash: Blockhash; lastValidBlockHeight: number };
  }>(url, 'getLatestBlockhash', []);
  const signingStarted = performance.now();
  const transactions = await signTransfers(
    payer,
    recipients,
    {
      blockhash: blockhash.blockhash,
      lastValidBlockHeight: BigInt(blockhash.lastValidBlockHeight),
    },
    SENDS,
  );
  const signingSeconds = (performance.now() - signingStarted) / 1000;
  const countBefore = await call<number>(url, 'getTransactionCount', []);
  const send = await drive(
    SENDS,
    (i) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'sendTransaction',
        params: [transactions[i], { encoding: 'base64' }],
      }),
    url,
  );
  const landed = (await call<number>(url, 'getTransactionCount', [])) - countBefore;
  return {
    perSecond: (send.perSecond * landed) / SENDS,
    failed: send.failed,
    landed,
    signingPerSecond: SENDS / signingSeconds,
  };
}

/** Bytes of the transaction log files in a localnet data directory. */
function directoryLogBytes(dir: string): number {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

const { url, tokenOwners, child } = await startLocalnet();
try {
  const rows: [string, string, string, string][] = [];

  // Accounts to read: 100 funded wallets.
  const wallets = await Promise.all(Array.from({ length: 100 }, () => generateKeyPairSigner()));
  for (const wallet of wallets) await call(url, 'requestAirdrop', [wallet.address, 10_000_000_000]);
  const addresses = wallets.map((w) => w.address);

  const balance = await drive(
    20_000,
    (i) =>
      JSON.stringify({ jsonrpc: '2.0', id: i, method: 'getBalance', params: [addresses[i % 100]] }),
    url,
  );
  rows.push(['getBalance', '20,000', balance.perSecond.toFixed(0), '3,000']);

  const multipleBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'getMultipleAccounts',
    params: [addresses, { encoding: 'base64' }],
  });
  const multiple = await drive(3_000, () => multipleBody, url);
  rows.push(['getMultipleAccounts ×100 keys', '3,000', multiple.perSecond.toFixed(0), '300']);

  // A scan's token call: one wallet's token accounts, parsed (20 wallets, 2 accounts each).
  const tokenBody = (i: number): string =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: i,
      method: 'getTokenAccountsByOwner',
      params: [
        tokenOwners[i % tokenOwners.length],
        { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
        { encoding: 'jsonParsed' },
      ],
    });
  const tokens = await drive(5_000, tokenBody, url);
  const sample = await call<{ value: unknown[] }>(url, 'getTokenAccountsByOwner', [
    tokenOwners[0],
    { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
    { encoding: 'jsonParsed' },
  ]);
  rows.push(['getTokenAccountsByOwner (jsonParsed)', '5,000', tokens.perSecond.toFixed(0), '-']);

  const send = await measureSends(url, wallets[0] as KeyPairSigner, addresses.slice(1));
  rows.push([
    'sendTransaction (SOL transfer, preflight on)',
    SENDS.toLocaleString('en'),
    send.perSecond.toFixed(0),
    '300',
  ]);

  const dataDir = mkdtempSync(join(tmpdir(), 'localnet-bench-'));
  const persisted = await startLocalnet(dataDir);
  let persistedSend: Awaited<ReturnType<typeof measureSends>>;
  let logBytesPerTransfer: number;
  try {
    const payer = await generateKeyPairSigner();
    await call(persisted.url, 'requestAirdrop', [payer.address, 1_000_000_000_000]);
    for (const address of addresses.slice(1))
      await call(persisted.url, 'requestAirdrop', [address, 10_000_000_000]);
    const logBefore = directoryLogBytes(dataDir);
    persistedSend = await measureSends(persisted.url, payer, addresses.slice(1));
    logBytesPerTransfer = (directoryLogBytes(dataDir) - logBefore) / persistedSend.landed;
  } finally {
    const exited = new Promise((resolve) => persisted.child.once('exit', resolve));
    persisted.child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push([
    'sendTransaction (same, persisted to dataDir)',
    SENDS.toLocaleString('en'),
    persistedSend.perSecond.toFixed(0),
    '300',
  ]);

  console.log(`\nlocalnet over loopback, ${CONCURRENCY} requests in flight, no injected latency\n`);
  const header: [string, string, string, string] = ['workload', 'requests', 'per second', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(
    `\nlanded ${send.landed}/${SENDS} transfers (persisted: ${persistedSend.landed}/${SENDS}); failed replies: getBalance ${balance.failed}, getMultipleAccounts ${multiple.failed}, getTokenAccountsByOwner ${tokens.failed} (${sample.value.length} accounts per reply), sendTransaction ${send.failed} (persisted: ${persistedSend.failed})`,
  );
  console.log(`persisted log: ${logBytesPerTransfer.toFixed(0)} bytes per SOL transfer`);
  console.log(
    `(client-side signing of the transfers, not timed above: ${send.signingPerSecond.toFixed(0)} tx/s)`,
  );
} finally {
  agent.destroy();
  child.kill('SIGTERM');
}
