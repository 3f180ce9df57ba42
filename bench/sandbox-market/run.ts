// The sandbox market's throughput and the activity generator's cost. Prints figures only.
// 1. Quotes/s: GET /jupiter/swap/v1/quote with 8 requests in flight, no rate limit.
// 2. Swaps landed/s: quote → /swap → the user signs with @solana/kit → sendTransaction through the
//    localnet RPC, 8 users in flight, each on its own pool.
// 3. The generator at its default rate: the process's CPU time over wall time (process.cpuUsage),
//    against the same localnet idling for as long, so the difference is the generator's share.
// Client and localnet share this process (and its event loop): the throughput figures are a floor.

import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  signTransaction,
  type KeyPairSigner,
} from '@solana/kit';

import { createLocalnet, type Localnet } from '../../packages/localnet/src/index.js';

const SOL = 'So11111111111111111111111111111111111111112';
const IN_FLIGHT = 8;
const PHASE_MS = 4_000;
const CPU_WINDOW_MS = 30_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function measureQuotes(localnet: Localnet): Promise<number> {
  const market = localnet.market;
  if (market === null) throw new Error('no market');
  const mints = market.view
    .tokens()
    .filter((t) => t.kind === 'fungible')
    .map((t) => t.mint);
  let done = 0;
  const until = Date.now() + PHASE_MS;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, worker) => {
      for (let i = 0; Date.now() < until; i++) {
        const mint = mints[(worker + i) % mints.length] ?? '';
        const url = `${market.url}/jupiter/swap/v1/quote?inputMint=${SOL}&outputMint=${mint}&amount=${1_000_000 + i}`;
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status === 200) done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

async function measureSwaps(localnet: Localnet): Promise<{ perSecond: number; refused: number }> {
  const market = localnet.market;
  if (market === null) throw new Error('no market');
  const mints = market.view
    .tokens()
    .filter((t) => t.kind === 'fungible')
    .map((t) => t.mint);
  const users: KeyPairSigner[] = [];
  for (let i = 0; i < IN_FLIGHT; i++) {
    const user = await generateKeyPairSigner();
    await localnet.admin.fund(user.address, 10_000_000_000_000n);
    users.push(user);
  }
  let landed = 0;
  let refused = 0;
  const until = Date.now() + PHASE_MS;
  const started = Date.now();
  await Promise.all(
    users.map(async (user, worker) => {
      const mint = mints[worker % mints.length] ?? '';
      while (Date.now() < until) {
        const quote: unknown = await (
          await fetch(
            `${market.url}/jupiter/swap/v1/quote?inputMint=${SOL}&outputMint=${mint}&amount=10000000&slippageBps=300`,
          )
        ).json();
        const swap = await fetch(`${market.url}/jupiter/swap/v1/swap`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ quoteResponse: quote, userPublicKey: user.address }),
        });
        if (swap.status !== 200) {
          refused++;
          await swap.arrayBuffer();
          continue;
        }
        const { swapTransaction } = (await swap.json()) as { swapTransaction: string };
        const tx = getTransactionDecoder().decode(Buffer.from(swapTransaction, 'base64'));
        const signed = await signTransaction([user.keyPair], tx);
        const sent = await fetch(localnet.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'sendTransaction',
            params: [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }],
          }),
        });
        const reply = (await sent.json()) as { result?: string };
        if (reply.result !== undefined) landed++;
      }
    }),
  );
  return { perSecond: landed / ((Date.now() - started) / 1000), refused };
}

async function cpuShare(windowMs: number): Promise<number> {
  const before = process.cpuUsage();
  const started = performance.now();
  await sleep(windowMs);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / (performance.now() - started);
}

async function main(): Promise<void> {
  const localnet = await createLocalnet({
    market: { profiles: { jupiter: {} }, activity: { autoStart: false } },
  });
  try {
    const quotes = await measureQuotes(localnet);
    console.log(`quotes/s (HTTP, ${IN_FLIGHT} in flight)          ${quotes.toFixed(0)}`);
    const swaps = await measureSwaps(localnet);
    console.log(
      `swaps landed/s (quote+swap+sign+send)    ${swaps.perSecond.toFixed(1)}  (refused as stale: ${swaps.refused})`,
    );

    const idle = await cpuShare(CPU_WINDOW_MS);
    const generator = localnet.market?.activity;
    if (!generator) throw new Error('no generator');
    const trades: string[] = [];
    const stop = localnet.market?.view.subscribe((e) => {
      if (e.type === 'trade') trades.push(e.trade.signature);
    });
    generator.start();
    const busy = await cpuShare(CPU_WINDOW_MS);
    await generator.stop();
    stop?.();
    console.log(
      `generator at its default rate (${generator.tradesPerSecond} trades/s, ${generator.launchesPerMinute} launch/min)`,
    );
    console.log(`  trades landed in ${CPU_WINDOW_MS / 1000} s                   ${trades.length}`);
    console.log(
      `  CPU, localnet idle                     ${(idle * 100).toFixed(2)} % of one core`,
    );
    console.log(
      `  CPU, localnet + generator              ${(busy * 100).toFixed(2)} % of one core`,
    );
    console.log(
      `  generator's share                      ${((busy - idle) * 100).toFixed(2)} % of one core (budget 10 %)`,
    );
  } finally {
    await localnet.close();
  }
}

await main();
