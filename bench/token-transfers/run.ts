/**
 * SPL withdrawals and distributions on the localnet (issue 19): `npx tsx bench/token-transfers/run.ts
 * [--wallets 500] [--database pglite]`. The server's own services and job workers, three endpoints
 * whose `sendTransaction` is limited to 10 requests/s each (the pool is told `#sendRps=10`).
 * Wallets hold 1 to 3 mints (Token and Token-2022; the master has an account for one of them);
 * prints, for a withdrawal with the emptied accounts closed and for an equal distribution back:
 * transactions, transfers and bytes per transaction, signatures per owner, fees and rent planned
 * against the master's balance on chain, wall time against the send budget, and accounts moved
 * other than exactly once. Figures only; no assertion.
 */
import {
  associatedTokenAddress,
  decodeTokenAccount,
  tokenProgramKindOf,
  type Address,
} from '@fleet/core';
import { address, createSolanaRpc } from '@solana/kit';
import { createSolTestBed } from '../../apps/server/src/testing/sol-test-bed';
import { createTokenFixtures } from '../../apps/server/src/testing/token-fixtures';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const WALLETS = Number(arg('--wallets', '500'));
const DATABASE = arg('--database', 'pglite') === 'postgres' ? 'postgres' : 'pglite';
const SEND_RPS = 10;
const ENDPOINTS = ['a', 'b', 'c'] as const;

const bed = await createSolTestBed({
  kind: DATABASE,
  endpoints: Object.fromEntries(
    ENDPOINTS.map((name) => [name, { methodRps: { sendTransaction: SEND_RPS } }]),
  ),
  fragments: Object.fromEntries(ENDPOINTS.map((name) => [name, `#sendRps=${SEND_RPS}`])),
});
const { services, actor } = bed;
const master = bed.master as Address;
const rpc = createSolanaRpc(bed.localnet.url);
const fixtures = createTokenFixtures(bed.localnet);

const wallets: Address[] = [];
while (wallets.length < WALLETS) {
  const made = await services.walletLifecycle.create(actor, {
    count: Math.min(100, WALLETS - wallets.length),
    isTrader: false,
  });
  wallets.push(...made.wallets.map((wallet) => wallet.address as Address));
}
const mints = [
  { mint: (await fixtures.createMint({ decimals: 6 })) as Address, program: 'token' as const },
  { mint: (await fixtures.createMint({ decimals: 9 })) as Address, program: 'token' as const },
  {
    mint: (await fixtures.createMint({ decimals: 6, program: 'token-2022' })) as Address,
    program: 'token2022' as const,
  },
];
await fixtures.createTokenAccount({ owner: master, mint: mints[0]?.mint ?? '', amount: 0n });
const sources: { owner: Address; mint: Address; account: string; amount: bigint }[] = [];
for (const [index, wallet] of wallets.entries()) {
  for (const { mint } of mints.slice(0, 1 + (index % 3))) {
    const amount = BigInt(1_000 + index);
    sources.push({
      owner: wallet,
      mint,
      account: await fixtures.createTokenAccount({ owner: wallet, mint, amount }),
      amount,
    });
  }
}

const lamportsOf = async (owner: string) =>
  (await rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value;
async function amountsOf(accounts: readonly string[]): Promise<(bigint | null)[]> {
  const out: (bigint | null)[] = [];
  for (let start = 0; start < accounts.length; start += 100) {
    const batch = accounts.slice(start, start + 100);
    const { value } = await rpc
      .getMultipleAccounts(
        batch.map((entry) => address(entry)),
        { encoding: 'base64', commitment: 'confirmed' },
      )
      .send();
    value.forEach((account, index) => {
      const program = account === null ? null : tokenProgramKindOf(account.owner);
      out.push(
        account === null || program === null
          ? null
          : (decodeTokenAccount(
              (batch[index] ?? '') as Address,
              program,
              Uint8Array.from(Buffer.from(account.data[0], 'base64')),
              account.lamports,
            )?.amount ?? null),
      );
    });
  }
  return out;
}
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const describe = (
  label: string,
  transactions: readonly { sizeBytes: number; signatures: number; feeLamports: string }[],
  moved: number,
) => {
  const fees = transactions.reduce((sum, tx) => sum + BigInt(tx.feeLamports), 0n);
  console.log(
    `${label}: ${transactions.length} transactions for ${moved} transfers ` +
      `(${(moved / transactions.length).toFixed(1)} a transaction), bytes median ${median(
        transactions.map((tx) => tx.sizeBytes),
      )} max ${Math.max(...transactions.map((tx) => tx.sizeBytes))}, signatures ${transactions.reduce(
        (sum, tx) => sum + tx.signatures,
        0,
      )}, fees ${fees} lamports (${(Number(fees) / moved).toFixed(0)} a transfer)`,
  );
};

// 1. the withdrawal, closing what it empties
let started = Date.now();
const withdrawal = await services.tokenTransferPlans.planWithdrawal(actor, {
  publicAddresses: [],
  closeEmptied: true,
});
const planMs = Date.now() - started;
describe('withdraw', withdrawal.transactions, withdrawal.accounts);
const perOwner = new Map<string, number>();
for (const tx of withdrawal.transactions)
  for (const owner of tx.owners) perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1);
console.log(
  `  owners signing more than once: ${[...perOwner.values()].filter((n) => n > 1).length} of ${perOwner.size}; plan ${planMs} ms`,
);
let before = await lamportsOf(master);
started = Date.now();
const run = await services.tokenTransferExecute.execute(actor, 'token.withdraw', withdrawal.planId);
const withdrawJob = await bed.runToEnd(run.jobId, 1_800_000);
const withdrawMs = Date.now() - started;
const masterDelta = (await lamportsOf(master)) - before;
const left = await amountsOf(sources.map((source) => source.account));
console.log(
  `  ${withdrawJob.status} in ${(withdrawMs / 1000).toFixed(1)} s ` +
    `(${(withdrawal.transactions.length / (withdrawMs / 1000)).toFixed(1)} tx/s against ${
      SEND_RPS * ENDPOINTS.length
    }/s); master moved ${masterDelta} lamports, planned ${withdrawal.netLamports} ` +
    `(rent back ${withdrawal.reclaimedRentLamports}, fees ${withdrawal.feeLamports}, accounts ${withdrawal.accountRentLamports}); ` +
    `sources not closed: ${left.filter((amount) => amount !== null).length}`,
);
const landed = await amountsOf(
  mints.map(({ mint, program }) => associatedTokenAddress(master, mint, program)),
);
const expected = mints.map(({ mint }) =>
  sources.filter((source) => source.mint === mint).reduce((sum, source) => sum + source.amount, 0n),
);
console.log(
  `  master holds ${landed.join(', ')} of the three mints; withdrawn ${expected.join(', ')}`,
);

// 2. an equal distribution of the first mint back to every wallet
const distribution = await services.tokenTransferPlans.planDistribution(actor, {
  mint: mints[0]?.mint ?? '',
  unit: 'raw',
  amountEach: '10',
  recipients: wallets.map((wallet) => ({ address: wallet })),
});
describe('distribute', distribution.transactions, distribution.recipients.length);
console.log(
  `  accounts created ${distribution.accountsToCreate} (rent ${distribution.rentLamports}), fees ${distribution.feeLamports}`,
);
before = await lamportsOf(master);
started = Date.now();
const back = await services.tokenTransferExecute.execute(
  actor,
  'token.distribute',
  distribution.planId,
);
const distributeJob = await bed.runToEnd(back.jobId, 1_800_000);
const distributeMs = Date.now() - started;
const received = await amountsOf(
  wallets.map((wallet) =>
    associatedTokenAddress(wallet, mints[0]?.mint ?? ('' as Address), 'token'),
  ),
);
console.log(
  `  ${distributeJob.status} in ${(distributeMs / 1000).toFixed(1)} s; master paid ${
    before - (await lamportsOf(master))
  } lamports, planned ${distribution.totalLamports}; recipients not holding exactly 10: ${
    received.filter((amount) => amount !== 10n).length
  }`,
);
await bed.close();
