// Figures for the background refresh (issue 20): one round over 50,000 wallets that hold 0–3
// known token accounts each must cost at most 0.05 RPC calls a wallet. Accounts of many wallets
// share each getMultipleAccounts (100 a call), so a round costs (W + total T) / 100 calls.
//
//   npx tsx bench/background-refresh/run.ts [--wallets 50000] [--db pglite|postgres]
//   (npm run bench:background-refresh -- --db postgres)
//
// The fleet is seeded in the database by `seedWallets` (3 token accounts a wallet), then thinned
// to 0–3 accounts a wallet, and every wallet, token account and mint is written on the localnet
// in the SPL layouts (admin.setAccount), so the round reads real accounts and writes real
// changes. Round 1 is a fresh process's (the mints' decimals are read once); round 2 is the
// steady state every 5 minutes. Figures only, no assertions; loopback only.
import { performance } from 'node:perf_hooks';
import { getAddressEncoder } from '@solana/kit';
import { sql } from 'drizzle-orm';
import { createLocalnet } from '@fleet/localnet';
import { withTenant } from '../../packages/db/src/index.js';
import { systemClock, type DatabaseKind } from '../../packages/core/src/index.js';
import { createEndpointPool } from '../../packages/chain/src/pool/endpoint-pool';
import { createWalletScanner } from '../../packages/chain/src/scan/scan-wallets';
import { TOKEN_PROGRAM } from '../../packages/chain/src/scan/token-layout';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';
import { createBackgroundRefresh } from '../../apps/server/src/balances/background-refresh';
import { flag as arg } from '../request-times';

const WALLETS = Number(arg('--wallets', '50000'));
const KIND = arg('--db', 'pglite') as DatabaseKind;
const MINTS = 25;
const BUDGET = 0.05;

const encoder = getAddressEncoder();
const u64 = (view: DataView, at: number, value: bigint) => view.setBigUint64(at, value, true);

/** An initialized SPL Token account (165 bytes): mint, owner, amount, no delegate or authority. */
function tokenAccountData(mint: string, owner: string, amount: bigint): Uint8Array {
  const data = new Uint8Array(165);
  data.set(encoder.encode(mint as Parameters<typeof encoder.encode>[0]), 0);
  data.set(encoder.encode(owner as Parameters<typeof encoder.encode>[0]), 32);
  u64(new DataView(data.buffer), 64, amount);
  data[108] = 1;
  return data;
}

/** An initialized mint (82 bytes) of 6 decimals, no authorities. */
function mintData(): Uint8Array {
  const data = new Uint8Array(82);
  data[44] = 6;
  data[45] = 1;
  return data;
}

const localnet = await createLocalnet();
const harness = await createTestApp(KIND, { localnet });
try {
  const operator = await createOperator(harness.app, 'bench-background@example.com');
  const { db } = harness.database;
  let started = performance.now();
  const seeded = await seedWallets(db, operator.tenantId, {
    count: WALLETS,
    tokensPerWallet: 3,
    mintCount: MINTS,
  });
  // 0–3 known accounts a wallet (a quarter each), 1.5 on average.
  await withTenant(db, operator.tenantId, (tx) =>
    tx.execute(sql`
      delete from wallet_token_accounts w using (
        select token_account,
          row_number() over (partition by wallet_id order by token_account) as k,
          (hashtext(wallet_id::text) & 3) as keep
        from wallet_token_accounts) r
      where w.token_account = r.token_account and r.k > r.keep`),
  );
  const fleet = await withTenant(db, operator.tenantId, async (tx) => {
    const wallets = await tx.execute<{ address: string }>(
      sql`select public_address as address from wallets where archived_at is null`,
    );
    const accounts = await tx.execute<{
      account: string;
      owner: string;
      mint: string;
      amount: string;
    }>(
      sql`select t.token_account as account, w.public_address as owner, t.mint, t.amount::text as amount
        from wallet_token_accounts t join wallets w on w.id = t.wallet_id`,
    );
    return { wallets: wallets.rows, accounts: accounts.rows };
  });
  for (const mint of seeded.mints)
    localnet.admin.setAccount(mint, {
      lamports: 1_461_600n,
      owner: TOKEN_PROGRAM,
      data: mintData(),
    });
  fleet.wallets.forEach((wallet, n) =>
    localnet.admin.setAccount(wallet.address, { lamports: 1_000_000n + BigInt(n) }),
  );
  for (const account of fleet.accounts)
    localnet.admin.setAccount(account.account, {
      lamports: 2_039_280n,
      owner: TOKEN_PROGRAM,
      // A different amount from the stored one, so the round writes a change.
      data: tokenAccountData(account.mint, account.owner, BigInt(account.amount) + 1n),
    });
  if (KIND === 'postgres') await db.execute('analyze');
  console.log(
    `seeded ${fleet.wallets.length} wallets with ${fleet.accounts.length} known token accounts (${(fleet.accounts.length / fleet.wallets.length).toFixed(2)} a wallet) over ${MINTS} mints, in the database (${KIND}) and on the localnet, in ${Math.round(performance.now() - started)} ms`,
  );

  // The re-scan timed apart from the round, so the line can say where the time goes.
  const scanner = createWalletScanner({ pool: createEndpointPool({ endpoints: [localnet.url] }) });
  let readMs = 0;
  const timedScanner: typeof scanner = {
    ...scanner,
    rescan: async (...args) => {
      const before = performance.now();
      try {
        return await scanner.rescan(...args);
      } finally {
        readMs = performance.now() - before;
      }
    },
  };
  const refresh = createBackgroundRefresh({
    db,
    scanner: timedScanner,
    clock: systemClock,
    intervalMs: 5 * 60_000,
  });
  for (const label of ['round 1 (a fresh process: mints read once)', 'round 2 (steady state)']) {
    // The round is due now, as it is 5 minutes after the one before.
    await withTenant(db, operator.tenantId, (tx) =>
      tx.execute(sql`update background_refreshes set next_round_at = now() - interval '1 second'`),
    );
    started = performance.now();
    const [round] = await refresh.runDueRounds();
    const ms = performance.now() - started;
    if (!round) throw new Error('no round ran');
    const perWallet = round.rpcCalls / round.wallets;
    console.log(
      `${label}: ${round.wallets} wallets, ${round.tokenAccounts} token accounts, ${round.rpcCalls} RPC calls, ${perWallet.toFixed(4)} calls/wallet (budget ${BUDGET}: ${perWallet <= BUDGET ? 'within' : 'OVER'}), ${round.failed} failed, ${round.keptNewer} kept newer, ${Math.round(round.durationMs)} ms (chain reads ${Math.round(readMs)} ms, writes and bookkeeping ${Math.round(ms - readMs)} ms)`,
    );
  }
  const stored = await withTenant(db, operator.tenantId, (tx) =>
    tx.execute<{ n: number; m: number }>(
      sql`select (select count(*)::int from wallets where scanned_slot is not null) as n,
        (select count(*)::int from wallet_token_accounts where scanned_slot is not null) as m`,
    ),
  );
  console.log(
    `stored with a slot: ${stored.rows[0]?.n ?? 0} wallets, ${stored.rows[0]?.m ?? 0} token accounts`,
  );
} finally {
  await harness.close();
  await localnet.close();
}
