// The fleet scanner. A cold scan reads SOL for 100 wallets per getMultipleAccounts and each
// wallet's token accounts with one getTokenAccountsByOwner per token program: 2.01 calls per
// wallet, the floor for finding tokens we do not know about. A re-scan reads known wallets and
// token accounts together through getMultipleAccounts: (1 + T) / 100 calls per wallet.
//
// Every wallet ends with balances or an error. A job's answer is applied only when the whole job
// succeeded, and each job owns disjoint wallets (or disjoint program halves of one wallet), so a
// retried job can neither lose nor double-count a balance.

import {
  FleetError,
  isFleetError,
  itemErrorOf,
  systemClock,
  systemRandom,
  type Clock,
  type ItemError,
  type Random,
} from '@fleet/core';
import { address, isAddress, type Address } from '@solana/kit';

import type { EndpointPool } from '../pool/endpoint-pool';
import { AdaptiveConcurrency, concurrencyBounds, runAdaptive } from './adaptive-concurrency';
import {
  buildReport,
  decodeOwned,
  noteSlot,
  type RawHolding,
  type WalletWork,
} from './scan-wallet-work';
import { createMintDirectory, type MintDirectory } from './mint-directory';
import type { ScanEvent, ScanReport } from './scan-report';
import {
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  base64Bytes,
  decodeTokenAccount,
  programOf,
  type TokenProgram,
} from './token-layout';

export const ACCOUNTS_PER_CALL = 100;
const PROGRESS_INTERVAL_MS = 250;

export interface WalletScannerContext {
  readonly pool: EndpointPool;
  /** Attempts per scan job; each attempt already fails over across endpoints. Default 3. */
  readonly jobAttempts?: number;
  /** First back-off between a job's attempts, doubled each time; default 500 ms. */
  readonly retryDelayMs?: number;
  /** Time for durations, progress pacing and back-off sleeps; default the system clock. */
  readonly clock?: Clock;
  /** Jitter for the back-off between a job's attempts; default `Math.random`. */
  readonly random?: Random;
}

export interface ScanOptions {
  /** Jobs in flight; 1–24. Default: endpoint count + 4, adapting between 4 and 12. */
  readonly concurrency?: number;
  /**
   * Without `concurrency`: the adaptive limit to start from, such as an earlier batch's
   * `report.concurrency.end`, so a job scanning batch after batch keeps the pace it found.
   */
  readonly startConcurrency?: number;
  readonly onEvent?: (event: ScanEvent) => void;
  readonly signal?: AbortSignal;
}

export interface KnownWallet {
  readonly owner: string;
  readonly tokenAccounts: readonly string[];
}

export interface WalletScanner {
  /** Cold scan: SOL and every token account of each owner. */
  scan(owners: readonly string[], options?: ScanOptions): Promise<ScanReport>;
  /** Re-scan of wallets whose token accounts are known (new token accounts are not found). */
  rescan(wallets: readonly KnownWallet[], options?: ScanOptions): Promise<ScanReport>;
  readonly mints: MintDirectory;
}

interface Job {
  readonly label: string;
  readonly wallets: readonly WalletWork[];
  /** Resolves when the job's answers are applied; throws to be retried. */
  readonly run: (signal: AbortSignal | undefined) => Promise<void>;
}

const PROGRAMS: readonly (readonly [TokenProgram, Address])[] = [
  ['token', TOKEN_PROGRAM],
  ['token-2022', TOKEN_2022_PROGRAM],
];

export function createWalletScanner(ctx: WalletScannerContext): WalletScanner {
  const { pool } = ctx;
  const jobAttempts = ctx.jobAttempts ?? 3;
  const retryDelayMs = ctx.retryDelayMs ?? 500;
  const clock = ctx.clock ?? systemClock;
  const random = ctx.random ?? systemRandom;
  const mints = createMintDirectory(pool);
  const sendOptions = (signal: AbortSignal | undefined) =>
    signal === undefined ? undefined : { abortSignal: signal };

  const readAccounts = async (addresses: readonly string[], signal: AbortSignal | undefined) => {
    const { context, value } = await pool.rpc
      .getMultipleAccounts(
        addresses.map((a) => address(a)),
        { encoding: 'base64', commitment: 'confirmed' },
      )
      .send(sendOptions(signal));
    return { slot: context.slot, accounts: value };
  };

  const coldJobs = (work: readonly WalletWork[]): Job[] => {
    const jobs: Job[] = [];
    for (let start = 0; start < work.length; start += ACCOUNTS_PER_CALL) {
      const chunk = work.slice(start, start + ACCOUNTS_PER_CALL);
      for (const wallet of chunk) wallet.pending += 2;
      jobs.push({
        label: `SOL balances of ${chunk.length} wallet(s) from ${chunk[0]?.owner ?? ''}`,
        wallets: chunk,
        run: async (signal) => {
          const { slot, accounts } = await readAccounts(
            chunk.map((w) => w.owner),
            signal,
          );
          chunk.forEach((wallet, i) => {
            wallet.lamports = accounts[i]?.lamports ?? 0n;
            noteSlot(wallet, slot);
          });
        },
      });
      for (const wallet of chunk) {
        jobs.push({
          label: `token accounts of ${wallet.owner}`,
          wallets: [wallet],
          // Each program's answer is kept once it arrives: a retry repeats only the failed half.
          run: async (signal) => {
            await Promise.all(
              PROGRAMS.filter(([program]) => !wallet.holdings.has(program)).map(
                async ([program, programId]) => {
                  const { context, value } = await pool.rpc
                    .getTokenAccountsByOwner(
                      address(wallet.owner),
                      { programId },
                      { encoding: 'base64', commitment: 'confirmed' },
                    )
                    .send(sendOptions(signal));
                  wallet.holdings.set(program, decodeOwned(wallet.owner, program, value));
                  noteSlot(wallet, context.slot);
                },
              ),
            );
          },
        });
      }
    }
    return jobs;
  };

  const rescanJobs = (work: readonly WalletWork[], known: readonly KnownWallet[]): Job[] => {
    const entries: { wallet: WalletWork; address: string; isOwner: boolean }[] = [];
    work.forEach((wallet, i) => {
      entries.push({ wallet, address: wallet.owner, isOwner: true });
      const accounts = new Set(known[i]?.tokenAccounts ?? []);
      accounts.delete(wallet.owner);
      for (const account of accounts) entries.push({ wallet, address: account, isOwner: false });
    });
    const jobs: Job[] = [];
    for (let start = 0; start < entries.length; start += ACCOUNTS_PER_CALL) {
      const chunk = entries.slice(start, start + ACCOUNTS_PER_CALL);
      const key = `chunk ${start}`;
      const wallets = [...new Set(chunk.map((e) => e.wallet))];
      for (const wallet of wallets) wallet.pending++;
      jobs.push({
        label: `${chunk.length} known account(s) from ${chunk[0]?.address ?? ''}`,
        wallets,
        run: async (signal) => {
          const { slot, accounts } = await readAccounts(
            chunk.map((e) => e.address),
            signal,
          );
          for (const wallet of wallets) noteSlot(wallet, slot);
          const found = new Map<WalletWork, RawHolding[]>(wallets.map((w) => [w, []]));
          const dropped: [WalletWork, Address][] = [];
          chunk.forEach((entry, i) => {
            const account = accounts[i] ?? null;
            if (entry.isOwner) {
              entry.wallet.lamports = account?.lamports ?? 0n;
              return;
            }
            const program = account === null ? null : programOf(account.owner);
            const bytes = account === null ? null : base64Bytes(account.data);
            const decoded =
              program === null || bytes === null ? null : decodeTokenAccount(bytes, program);
            // Closed, re-created as something else, or handed to another owner: not this
            // wallet's any more. Reported, never counted.
            if (decoded === null || program === null || decoded.owner !== entry.wallet.owner) {
              dropped.push([entry.wallet, address(entry.address)]);
              return;
            }
            found.get(entry.wallet)?.push({
              account: address(entry.address),
              mint: decoded.mint,
              program,
              amount: decoded.amount,
              lamports: account?.lamports ?? 0n,
              frozen: decoded.frozen,
              withheldAmount: decoded.withheldAmount,
            });
          });
          for (const [wallet, holdings] of found) wallet.holdings.set(key, holdings);
          for (const [wallet, account] of dropped) wallet.dropped.push(account);
        },
      });
    }
    return jobs;
  };

  const runScan = async (
    inputs: readonly string[],
    planJobs: (work: readonly WalletWork[]) => Job[],
    options: ScanOptions,
  ): Promise<ScanReport> => {
    const { signal, onEvent } = options;
    const started = clock.now();
    const before = pool.stats();
    const log = (level: 'info' | 'warn' | 'error', message: string) =>
      onEvent?.({ type: 'log', level, message });

    // Each distinct wallet once, in input order.
    const order: string[] = [];
    const byOwner = new Map<string, WalletWork>();
    inputs.forEach((owner) => {
      if (byOwner.has(owner)) return;
      const work: WalletWork = {
        owner,
        lamports: null,
        slot: null,
        holdings: new Map(),
        dropped: [],
        pending: 0,
        error: isAddress(owner)
          ? null
          : itemErrorOf(new FleetError('ADDRESS__INVALID', { address: owner })),
      };
      byOwner.set(owner, work);
      order.push(owner);
    });
    const all = order.map((o) => byOwner.get(o) as WalletWork);
    const valid = all.filter((w) => w.error === null);
    const jobs = planJobs(valid);

    const bounds = concurrencyBounds(pool.size, options.concurrency, options.startConcurrency);
    const concurrency = new AdaptiveConcurrency(bounds, pool, (limit, why) =>
      log('info', `Concurrency ${limit} (${why})`),
    );
    log(
      'info',
      `Scanning ${all.length} wallet(s) over ${pool.size} endpoint(s), concurrency ${bounds.start}`,
    );

    let done = all.length - valid.length;
    let failed = done;
    let rescans = 0;
    let lastProgress = 0;
    const progress = (force: boolean) => {
      const now = clock.now();
      if (!force && now - lastProgress < PROGRESS_INTERVAL_MS) return;
      lastProgress = now;
      onEvent?.({
        type: 'progress',
        done,
        failed,
        total: all.length,
        concurrency: concurrency.limit,
      });
    };
    const partDone = (wallet: WalletWork) => {
      if (--wallet.pending > 0) return;
      done++;
      if (wallet.error !== null) failed++;
      progress(false);
    };

    const runJob = async (job: Job): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        try {
          await job.run(signal);
          break;
        } catch (error) {
          if (signal?.aborted === true) throw signal.reason;
          const reason = error instanceof Error ? error.message : String(error);
          if (attempt >= jobAttempts) {
            log('error', `Gave up on ${job.label}: ${reason}`);
            for (const wallet of job.wallets) wallet.error ??= scanItemError(error, reason);
            break;
          }
          rescans++;
          log('warn', `Retrying ${job.label} (attempt ${attempt + 1}): ${reason}`);
          await clock.sleep(retryDelayMs * 2 ** (attempt - 1) * (0.75 + random() / 2), signal);
        }
      }
      for (const wallet of job.wallets) partDone(wallet);
    };

    await runAdaptive(jobs, concurrency, runJob);
    progress(true);

    // Decimals (and names) of every mint held, cached across scans.
    const held = new Set<string>();
    for (const wallet of valid)
      if (wallet.error === null)
        for (const list of wallet.holdings.values()) for (const h of list) held.add(h.mint);
    let unresolved = new Map<string, string>();
    for (let attempt = 1; attempt <= jobAttempts; attempt++) {
      unresolved = await mints.resolve(held, signal);
      if (unresolved.size === 0) break;
      if (attempt < jobAttempts) {
        rescans++;
        await clock.sleep(retryDelayMs * 2 ** (attempt - 1), signal);
      }
    }
    if (unresolved.size > 0) {
      for (const reason of new Set(unresolved.values())) log('error', reason);
      for (const wallet of valid) {
        if (wallet.error !== null) continue;
        for (const list of wallet.holdings.values())
          for (const h of list) {
            const reason = unresolved.get(h.mint);
            if (reason !== undefined) {
              wallet.error ??= itemErrorOf(new FleetError('SCAN__MINT_UNRESOLVED', { reason }));
            }
          }
      }
    }

    return buildReport(all, mints, {
      durationMs: clock.now() - started,
      before,
      after: pool.stats(),
      rescans,
      concurrency: { start: bounds.start, end: concurrency.limit, peak: concurrency.peak },
    });
  };

  return {
    mints,
    scan: (owners, options = {}) => runScan(owners, (work) => coldJobs(work), options),
    rescan: (wallets, options = {}) => {
      const byOwner = new Map<string, Set<string>>();
      for (const wallet of wallets) {
        const set = byOwner.get(wallet.owner) ?? new Set<string>();
        for (const account of wallet.tokenAccounts) set.add(account);
        byOwner.set(wallet.owner, set);
      }
      return runScan(
        wallets.map((w) => w.owner),
        (work) =>
          rescanJobs(
            work,
            work.map((w) => ({ owner: w.owner, tokenAccounts: [...(byOwner.get(w.owner) ?? [])] })),
          ),
        options,
      );
    },
  };
}

/**
 * A wallet's failure as its report carries it: the pool's own codes (no endpoint answered, a
 * refusal, a malformed answer) as they are; anything else thrown while scanning keeps its words.
 */
function scanItemError(error: unknown, reason: string): ItemError {
  return isFleetError(error)
    ? itemErrorOf(error)
    : itemErrorOf(new FleetError('SCAN__WALLET_FAILED', { reason }));
}
