// Issue 19, "Trust": the token operations under kill -9 of `npm start`, as `crash-scenario.ts`
// does for SOL. Each operation gets its own mints (so the four can share a server and its
// wallets, in any order), is planned over the API, executed, and killed at random points of its
// ledger; once its job ends the chain is read and held against the ledger: every item applied at
// most once, every token account and the master's SOL where the ledger's confirmed items put
// them, nothing left unsettled, and no transaction of the master on chain the ledger lacks.

import {
  associatedTokenAddress,
  burnTokensPlanSchema,
  closeTokensPlanSchema,
  distributeSplTokensPlanSchema,
  operationDetailSchema,
  withdrawSplTokensPlanSchema,
  type Address,
  type OperationDetail,
  type TokenProgramKind,
} from '@fleet/core';
import { balancesOf } from './crash-harness';
import { feesOf, landedSignatures, signaturesOfAddress } from './crash-chain';
import type { CrashSession } from './crash-session';
import { crashIssuer, suppliesOf, tokenAccountsOf, type CrashMint } from './crash-tokens';
import { checkLedger, type LedgerChecks } from './ledger-checks';
import { isOpen, ledgerKillPoints, movedOf } from './ledger-kill-points';
import { historyProgress, streamedJob } from './operation-reads';
import {
  holdAgainstChain,
  supplyMismatches,
  type TokenAccounts,
  type TokenOperationKind,
} from './token-checks';

export type { TokenOperationKind } from './token-checks';

export interface TokenOperationOutcome extends LedgerChecks {
  readonly kind: TokenOperationKind;
  readonly wallets: number;
  /** Planned items: accounts to close, or transfers. */
  readonly items: number;
  readonly plannedTransactions: number;
  /** Transactions in the ledger, re-signs after an expiry included. */
  readonly ledgerTransactions: number;
  readonly kills: number;
  /** Kills that found a transaction of the operation still planned, signed or sent. */
  readonly killsInFlight: number;
  readonly seconds: number;
  readonly jobStatus: string;
  readonly jobMessage: string;
  /** Items the ledger has as confirmed and the chain shows applied exactly once. */
  readonly paidOnce: number;
  /** Items the chain shows applied not exactly once (never, or twice): 0 when all succeeded. */
  readonly wrongItems: number;
  /** Items neither confirmed nor failed once the job ended. */
  readonly unfinishedItems: number;
  /** Token accounts whose change on chain is not what the ledger's confirmed items say. */
  readonly ledgerMismatches: number;
  /**
   * Burns only (0 otherwise): mints whose supply fell by other than the balances the ledger's
   * confirmed burns held, the chain's own count of what was burned.
   */
  readonly supplyMismatches: number;
  /**
   * The master's SOL change on chain minus the ledger's: the rent its confirmed items move, the
   * fees the chain charged for the transactions it has as landed, the rent of the master's
   * accounts created. A transaction sent twice, or one the ledger does not count, shows here.
   */
  readonly masterDrift: bigint;
  readonly plannedFeeLamports: bigint;
  readonly landedFeeLamports: bigint;
}

export interface TokenOperationOptions {
  readonly kills: number;
  /** Longest wait after a kill point is reached before the kill. */
  readonly maxKillDelayMs: number;
  readonly log: (line: string) => void;
}

/** Up to this many accounts an operation's detail is polled for its kill points (about 0.3 MB). */
const DETAIL_POLL_MAX_ACCOUNTS = 1_000;

export type Issuer = Awaited<ReturnType<typeof crashIssuer>>;
type Wallet = { readonly id: string; readonly address: string };

/** An issuer on the session's chain (`crash-tokens.ts`), following its restarts. */
export function issuerFor(session: CrashSession): Promise<Issuer> {
  return crashIssuer(() => session.server().rpcUrl);
}

/** Mints of alternating programs (Token first), so both token programs are exercised. */
async function mintsOf(issuer: Issuer, count: number, decimals: number): Promise<CrashMint[]> {
  const programs: TokenProgramKind[] = ['token', 'token2022'];
  const mints: CrashMint[] = [];
  for (let n = 0; n < count; n += 1) {
    mints.push(await issuer.createMint(programs[n % 2] ?? 'token', decimals));
  }
  return mints;
}

/** Close `accountsPerWallet` empty accounts (one per mint of its own) of each wallet. */
export async function closeUnderKills(
  session: CrashSession,
  issuer: Issuer,
  options: TokenOperationOptions & {
    readonly wallets: readonly Wallet[];
    readonly accountsPerWallet: number;
  },
): Promise<TokenOperationOutcome> {
  const mints = await mintsOf(issuer, options.accountsPerWallet, 0);
  const accounts = await issuer.give(
    options.wallets.flatMap((wallet) =>
      mints.map((mint) => ({ owner: wallet.address, mint, amount: 0n })),
    ),
  );
  const plan = closeTokensPlanSchema.parse(
    await session.api()('POST', '/solana/close-tokens/plan', {
      walletAddresses: options.wallets.map((wallet) => wallet.address),
      tokenMints: mints.map((mint) => mint.mint),
      rentDestination: 'master',
    }),
  );
  if (plan.closableAccounts !== accounts.length) {
    throw new Error(
      `close plan: ${plan.closableAccounts} closable accounts, ${accounts.length} made`,
    );
  }
  return underKills(session, {
    ...options,
    kind: 'close',
    operationKind: 'token.close',
    plannedTransactions: plan.transactions.length,
    plannedFeeLamports: BigInt(plan.feeLamports),
    watched: accounts,
    masterAccounts: [],
    execute: () => streamedJob(session, '/solana/close-tokens', plan.planId),
  });
}

/**
 * Burn the dust of `mints` new mints (an account of each per wallet, a few raw units, below a
 * raw-unit threshold: the harness's market prices nothing, so the mints are named as unpriced
 * dust), each account closed in the burn's transaction, the rent to the master.
 */
export async function burnUnderKills(
  session: CrashSession,
  issuer: Issuer,
  options: TokenOperationOptions & {
    readonly wallets: readonly Wallet[];
    readonly mints: number;
  },
): Promise<TokenOperationOutcome> {
  const mints = await mintsOf(issuer, options.mints, 6);
  const accounts = await issuer.give(
    options.wallets.flatMap((wallet, index) =>
      mints.map((mint, n) => ({
        owner: wallet.address,
        mint,
        amount: BigInt(1 + ((index + n) % 90)),
      })),
    ),
  );
  const named = mints.map((mint) => mint.mint);
  const plan = burnTokensPlanSchema.parse(
    await session.api()('POST', '/solana/burn-tokens/plan', {
      walletAddresses: options.wallets.map((wallet) => wallet.address),
      tokenMints: named,
      threshold: { kind: 'raw', belowRaw: '100' },
      unpricedMints: named,
      rentDestination: 'master',
    }),
  );
  if (plan.burnAccounts !== accounts.length) {
    throw new Error(`burn plan: ${plan.burnAccounts} accounts to burn, ${accounts.length} made`);
  }
  const suppliesBefore = await suppliesOf(session.server().rpcUrl, named);
  return underKills(session, {
    ...options,
    kind: 'burn',
    operationKind: 'token.burn',
    plannedTransactions: plan.transactions.length,
    plannedFeeLamports: BigInt(plan.feeLamports),
    watched: accounts,
    masterAccounts: [],
    execute: () => streamedJob(session, '/solana/burn-tokens', plan.planId),
    holdSupplies: async (detail, before) => {
      const after = await suppliesOf(session.server().rpcUrl, named);
      const supplies = new Map(
        named.map((mint) => [
          mint,
          { before: suppliesBefore.get(mint) ?? 0n, after: after.get(mint) ?? 0n },
        ]),
      );
      return supplyMismatches(detail, before, supplies);
    },
  });
}

/**
 * Withdraw each wallet's balance of `mints` new mints (an account of each) to the master, the
 * emptied accounts closed in the same transactions.
 */
export async function withdrawUnderKills(
  session: CrashSession,
  issuer: Issuer,
  options: TokenOperationOptions & {
    readonly wallets: readonly Wallet[];
    readonly mints: number;
  },
): Promise<TokenOperationOutcome> {
  const mints = await mintsOf(issuer, options.mints, 6);
  const sources = await issuer.give(
    options.wallets.flatMap((wallet, index) =>
      mints.map((mint, n) => ({
        owner: wallet.address,
        mint,
        amount: BigInt(1_000 + 10 * index + n),
      })),
    ),
  );
  const plan = withdrawSplTokensPlanSchema.parse(
    await session.api()('POST', '/withdraw-spl-tokens/plan', {
      publicAddresses: options.wallets.map((wallet) => wallet.address),
      tokenMints: mints.map((mint) => mint.mint),
      closeEmptied: true,
    }),
  );
  if (!plan.ready) throw new Error(`withdraw plan not ready: ${JSON.stringify(plan.problems)}`);
  const masterAccounts = mints.map((mint) =>
    associatedTokenAddress(session.master as Address, mint.mint, mint.program),
  );
  return underKills(session, {
    ...options,
    kind: 'spl-withdraw',
    operationKind: 'token.withdraw',
    plannedTransactions: plan.transactions.length,
    plannedFeeLamports: BigInt(plan.feeLamports),
    watched: [...sources, ...masterAccounts],
    masterAccounts,
    execute: () => session.api()('POST', '/withdraw-spl-tokens', { planId: plan.planId }),
  });
}

/** Distribute `amountEach` raw units of a new mint from the master to each wallet. */
export async function distributeUnderKills(
  session: CrashSession,
  issuer: Issuer,
  options: TokenOperationOptions & {
    readonly wallets: readonly Wallet[];
    readonly program: TokenProgramKind;
    readonly amountEach: bigint;
  },
): Promise<TokenOperationOutcome> {
  const mint = await issuer.createMint(options.program, 3);
  const [source] = await issuer.give([
    {
      owner: session.master,
      mint,
      amount: options.amountEach * BigInt(options.wallets.length) + 1_000n,
    },
  ]);
  const plan = distributeSplTokensPlanSchema.parse(
    await session.api()('POST', '/distribute-spl-tokens/plan', {
      mint: mint.mint,
      unit: 'raw',
      amountEach: options.amountEach.toString(),
      recipients: options.wallets.map((wallet) => ({ walletId: wallet.id })),
    }),
  );
  if (!plan.ready) throw new Error(`distribute plan not ready: ${JSON.stringify(plan.problems)}`);
  const recipients = options.wallets.map((wallet) =>
    associatedTokenAddress(wallet.address as Address, mint.mint, mint.program),
  );
  return underKills(session, {
    ...options,
    kind: 'spl-distribute',
    operationKind: 'token.distribute',
    plannedTransactions: plan.transactions.length,
    plannedFeeLamports: BigInt(plan.feeLamports),
    watched: [...(source ? [source] : []), ...recipients],
    masterAccounts: [],
    execute: () => session.api()('POST', '/distribute-spl-tokens', { planId: plan.planId }),
  });
}

/**
 * What the master's SOL moves by per confirmed item's lamports: a close's, a burn's or a
 * withdrawal's rent comes back to it, a distribution's new account costs it.
 */
const RENT_DIRECTION: Readonly<Record<TokenOperationKind, bigint>> = {
  close: 1n,
  burn: 1n,
  'spl-withdraw': 1n,
  'spl-distribute': -1n,
};

/**
 * Runs a planned operation under kills, then holds the chain against the ledger. `watched` is
 * every token account an item may move (read before the execution); `masterAccounts` those of
 * the master the operation may create, at the master's cost.
 */
async function underKills(
  session: CrashSession,
  input: TokenOperationOptions & {
    readonly kind: TokenOperationKind;
    readonly operationKind: OperationDetail['kind'];
    readonly wallets: readonly Wallet[];
    readonly plannedTransactions: number;
    readonly plannedFeeLamports: bigint;
    readonly watched: readonly string[];
    readonly masterAccounts: readonly string[];
    readonly execute: () => Promise<{ jobId: string; operationId: string }>;
    /** A burn's count of mints whose supply moved not as its confirmed items say. */
    readonly holdSupplies?: (detail: OperationDetail, before: TokenAccounts) => Promise<number>;
  },
): Promise<TokenOperationOutcome> {
  const { master } = session;
  const rpcUrl = () => session.server().rpcUrl;
  const masterBefore = (await balancesOf(rpcUrl(), [master])).get(master) ?? 0n;
  const signaturesBefore = await signaturesOfAddress(rpcUrl(), master);
  const before = await tokenAccountsOf(rpcUrl(), input.watched);

  const detailOf = async (operationId: string) =>
    operationDetailSchema.parse(await session.api()('GET', `/operations/${operationId}`));
  let jobId = '';
  const execute = async () => {
    const started = await input.execute();
    jobId = started.jobId;
    return started;
  };
  const jobOf = () =>
    session.api()<{ processedItems: number; totalItems: number; isDone: boolean }>(
      'GET',
      `/jobs/${jobId}`,
    );
  const jobProgress = async () => {
    const job = await jobOf();
    return { moved: job.processedItems, end: job.totalItems, total: job.totalItems };
  };
  // Polled through the ledger's transactions while the operation's detail is small. Once it is
  // megabytes (thousands of items), through the transaction history (a line per transaction,
  // final or not), and whether it is still open from its job: a read of the detail around each
  // kill took long enough that a restarted server sent a hundred transactions or more meanwhile,
  // and a fast job (a distribution) ended before its kills were spent.
  const small = input.watched.length <= DETAIL_POLL_MAX_ACCOUNTS;
  const look = small
    ? async (operationId: string) => {
        const detail = await detailOf(operationId);
        const total = detail.transactions.length;
        return { moved: movedOf(detail), end: total, total };
      }
    : (operationId: string) => historyProgress(session, operationId);
  const killPoints = ledgerKillPoints({
    killShare: input.kills,
    maxKillDelayMs: input.maxKillDelayMs,
    look,
    isOpen: small
      ? async (operationId) => isOpen(await detailOf(operationId))
      : async () => !(await jobOf()).isDone,
    afterRestart: async (_, kills) => {
      const { moved, total } = await jobProgress();
      input.log(`${input.kind}: after kill #${kills} the job has ${moved}/${total} wallets done`);
    },
  });
  const run = await session.runWithKills(input.kind, execute, input.kills, killPoints);

  // The chain, then the ledger as the server that finished the job has it.
  const after = await tokenAccountsOf(rpcUrl(), input.watched);
  const masterAfter = (await balancesOf(rpcUrl(), [master])).get(master) ?? 0n;
  const masterSignatures = new Set(
    [...(await signaturesOfAddress(rpcUrl(), master))].filter((s) => !signaturesBefore.has(s)),
  );
  const detail = await detailOf(run.operationId);
  if (detail.kind !== input.operationKind) {
    throw new Error(`operation ${detail.id} is a ${detail.kind}, not a ${input.operationKind}`);
  }
  const landed = await landedSignatures(
    rpcUrl(),
    detail.transactions.flatMap((tx) => (tx.signature ? [tx.signature] : [])),
  );
  const landedFeeLamports = await feesOf(
    rpcUrl(),
    detail.transactions.flatMap((tx) =>
      tx.signature && (tx.state === 'confirmed' || tx.state === 'failed') ? [tx.signature] : [],
    ),
  );
  const ledger = checkLedger({
    transactions: detail.transactions.map((tx) => ({ ...tx, setupStep: null })),
    landed,
    masterSignatures,
  });
  const held = holdAgainstChain(input.kind, detail, before, after, input.watched);
  const wrongSupplies = (await input.holdSupplies?.(detail, before)) ?? 0;
  const createdRent = input.masterAccounts.reduce(
    (sum, account) =>
      before.get(account) === null ? sum + (after.get(account)?.lamports ?? 0n) : sum,
    0n,
  );
  const movedRent = detail.items
    .filter((item) => item.status === 'confirmed')
    .reduce((sum, item) => sum + RENT_DIRECTION[input.kind] * BigInt(item.lamports), 0n);
  return {
    ...ledger,
    ...held,
    supplyMismatches: wrongSupplies,
    kind: input.kind,
    wallets: input.wallets.length,
    items: detail.items.length,
    plannedTransactions: input.plannedTransactions,
    ledgerTransactions: detail.transactions.length,
    kills: run.kills,
    killsInFlight: killPoints.killsInFlight(),
    seconds: run.seconds,
    jobStatus: run.status,
    jobMessage: run.message,
    unfinishedItems: detail.items.filter(
      (item) => item.status !== 'confirmed' && item.status !== 'failed',
    ).length,
    masterDrift: masterAfter - masterBefore - (movedRent - landedFeeLamports - createdRent),
    plannedFeeLamports: input.plannedFeeLamports,
    landedFeeLamports,
  };
}

/** Sizes of the token crash scenario, 0 leaving an operation out. */
export interface TokenCrashScenarioOptions extends TokenOperationOptions {
  readonly closeWallets: number;
  readonly closeAccountsPerWallet: number;
  readonly burnWallets: number;
  readonly burnMints: number;
  readonly withdrawWallets: number;
  readonly withdrawMints: number;
  readonly distributeTo: number;
}

/**
 * Closes, burns, withdraws and distributes in turn on one server, each killed `kills` times: the
 * benchmark's run. Each operation has its own mints, so each holds its own figures.
 */
export async function runTokenOperations(
  session: CrashSession,
  options: TokenCrashScenarioOptions,
): Promise<TokenOperationOutcome[]> {
  const wallets = await session.createWallets(
    Math.max(
      options.closeWallets,
      options.burnWallets,
      options.withdrawWallets,
      options.distributeTo,
    ),
  );
  options.log(`${wallets.length} wallets created; master ${session.master}`);
  const issuer = await issuerFor(session);
  const outcomes: TokenOperationOutcome[] = [];
  if (options.closeWallets > 0) {
    outcomes.push(
      await closeUnderKills(session, issuer, {
        ...options,
        wallets: wallets.slice(0, options.closeWallets),
        accountsPerWallet: options.closeAccountsPerWallet,
      }),
    );
  }
  if (options.burnWallets > 0) {
    outcomes.push(
      await burnUnderKills(session, issuer, {
        ...options,
        wallets: wallets.slice(0, options.burnWallets),
        mints: options.burnMints,
      }),
    );
  }
  if (options.withdrawWallets > 0) {
    outcomes.push(
      await withdrawUnderKills(session, issuer, {
        ...options,
        wallets: wallets.slice(0, options.withdrawWallets),
        mints: options.withdrawMints,
      }),
    );
  }
  if (options.distributeTo > 0) {
    outcomes.push(
      await distributeUnderKills(session, issuer, {
        ...options,
        wallets: wallets.slice(0, options.distributeTo),
        program: 'token2022',
        amountEach: 250n,
      }),
    );
  }
  return outcomes;
}
