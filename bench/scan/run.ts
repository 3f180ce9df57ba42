// Fleet scan figures against the localnet: three endpoints of 50 requests/s each, 50 ms latency
// with jitter, 2% injected errors; 10,000 wallets holding 0–3 token accounts each. Prints RPC
// calls per wallet (cold and re-scan), successful requests/s against the pool's summed limit, the
// 429 share, and wallets lost or double-counted (every balance checked against what the localnet
// admin wrote on chain). Figures only, no assertions; loopback only.
//
//   npx tsx bench/scan/run.ts [--wallets 10000] [--learn]
//
// --learn leaves the endpoints' rates unconfigured, so the pool must learn them from 429s.

import { createLocalnet, type EndpointCounters } from '@fleet/localnet';

import { createEndpointPool } from '../../packages/chain/src/pool/endpoint-pool';
import type { ScanReport } from '../../packages/chain/src/scan/scan-report';
import { createWalletScanner } from '../../packages/chain/src/scan/scan-wallets';
import { fundWallets, type FundedWallet } from '../../packages/chain/src/testing/fixtures';

const args = process.argv.slice(2);
const walletArg = args.indexOf('--wallets');
const WALLETS = walletArg >= 0 ? Number(args[walletArg + 1]) : 10_000;
const LEARN = args.includes('--learn');
const RPS = 50;
const ENDPOINTS = ['a', 'b', 'c'] as const;
const MINTS = 12;

const profile = {
  rps: RPS,
  latencyMs: 50,
  jitterMs: 25,
  errorRate: 0.02,
  errorKind: 'http-503',
} as const;

function sumCounters(list: readonly EndpointCounters[]) {
  return list.reduce(
    (acc, c) => ({
      calls: acc.calls + c.totalCalls,
      limited: acc.limited + c.rateLimited,
      errors: acc.errors + c.errors,
    }),
    { calls: 0, limited: 0, errors: 0 },
  );
}

/** Wallets missing, failed, or with any balance other than the chain's; token accounts extra or missing. */
function check(report: ScanReport, wallets: readonly FundedWallet[]) {
  const expected = new Map(wallets.map((w) => [w.owner, w]));
  const seen = new Set<string>();
  let lost = 0;
  let doubled = 0;
  let wrong = 0;
  for (const result of report.results) {
    if (seen.has(result.owner)) doubled++;
    seen.add(result.owner);
    const wallet = expected.get(result.owner);
    if (wallet === undefined || !result.ok) {
      lost++;
      continue;
    }
    if (result.value.lamports !== wallet.lamports) wrong++;
    const accounts = new Set<string>();
    for (const token of result.value.tokens) {
      if (accounts.has(token.account)) doubled++;
      accounts.add(token.account);
      const [mint, amount] = wallet.tokens.get(token.account) ?? [];
      if (mint !== token.mint || amount !== token.amount) wrong++;
    }
    if (accounts.size !== wallet.tokens.size) wrong++;
  }
  lost += wallets.filter((w) => !seen.has(w.owner)).length;
  return { lost, doubled, wrong };
}

const fmt = (n: number, digits = 3) => n.toFixed(digits);

const localnet = await createLocalnet({
  endpoints: Object.fromEntries(ENDPOINTS.map((name) => [name, profile])),
  onError: (error) => console.error('[localnet]', error),
});
try {
  const { admin } = localnet;
  const setupStart = performance.now();
  const mints: string[] = [];
  for (let i = 0; i < MINTS; i++)
    mints.push(
      await admin.createMint({
        decimals: i % 10,
        name: `Bench Token ${i}`,
        symbol: `BT${i}`,
        program: i % 3 === 0 ? 'token-2022' : 'token',
      }),
    );
  const wallets = await fundWallets(admin, WALLETS, mints, 3);
  const tokenAccounts = wallets.reduce((n, w) => n + w.tokens.size, 0);
  console.log(
    `setup: ${WALLETS} wallets, ${tokenAccounts} token accounts over ${MINTS} mints in ${fmt((performance.now() - setupStart) / 1000, 1)} s`,
  );

  const urls = ENDPOINTS.map((name) => {
    const url = localnet.endpoints[name]?.url ?? '';
    return LEARN ? url : `${url}#rps=${RPS}`;
  });
  const { parseRpcUrlList } = await import('../../packages/chain/src/pool/endpoint-config');
  const pool = createEndpointPool({ endpoints: parseRpcUrlList(urls.join(',')) });
  const scanner = createWalletScanner({ pool });
  console.log(
    `pool: ${ENDPOINTS.length} endpoints × ${RPS} req/s = ${ENDPOINTS.length * RPS} req/s summed limit; ` +
      `50 ms + 0–25 ms latency, 2% HTTP 503; rates ${LEARN ? 'learned from 429s' : 'configured (#rps=50)'}`,
  );

  const measure = async (label: string, scan: () => Promise<ScanReport>) => {
    for (const name of ENDPOINTS) admin.resetCounters(name);
    const started = performance.now();
    const report = await scan();
    const seconds = (performance.now() - started) / 1000;
    const served = sumCounters(ENDPOINTS.map((name) => admin.counters(name)));
    const successful = served.calls - served.limited - served.errors;
    const { lost, doubled, wrong } = check(report, wallets);
    console.log(
      `\n${label}: ${fmt(seconds, 1)} s, ${report.stats.throughputWalletsPerMin} wallets/min`,
    );
    console.log(
      `  RPC calls per wallet:            ${fmt(report.stats.rpcCalls / WALLETS, 4)} (scanner calls; ${JSON.stringify(report.stats.rpcMethods)})`,
    );
    console.log(
      `  HTTP requests per wallet:        ${fmt(served.calls / WALLETS, 4)} (all attempts the endpoints saw, incl. retries of injected errors and 429s)`,
    );
    console.log(
      `  successful requests/s:           ${fmt(successful / seconds, 1)} of ${ENDPOINTS.length * RPS} = ${fmt((100 * successful) / seconds / (ENDPOINTS.length * RPS), 1)}%`,
    );
    console.log(
      `  429 share:                       ${fmt((100 * served.limited) / served.calls, 2)}% (${served.limited} of ${served.calls})`,
    );
    console.log(
      `  injected errors seen:            ${served.errors}; job retries: ${report.stats.rescans}`,
    );
    console.log(
      `  wallets lost / double-counted:   ${lost} / ${doubled}; balances differing from chain: ${wrong}; failed: ${report.failedAddresses.length}`,
    );
    console.log(
      `  concurrency start/end/peak:      ${report.stats.concurrency.start}/${report.stats.concurrency.end}/${report.stats.concurrency.peak}`,
    );
    return report;
  };

  const cold = await measure('cold full scan', () => scanner.scan(wallets.map((w) => w.owner)));
  const known = cold.results.map((r) => ({
    owner: r.owner,
    tokenAccounts: r.ok ? r.value.tokens.map((t) => t.account) : [],
  }));
  await measure('re-scan of known token accounts', () => scanner.rescan(known));
} finally {
  await localnet.close();
}
