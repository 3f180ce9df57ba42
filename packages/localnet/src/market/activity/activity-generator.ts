// Keeps the sandbox market alive: the sandbox's own traders swap against the pools with real
// transactions at `tradesPerSecond`, new tokens launch on bonding curves at `launchesPerMinute`,
// and a curve that has raised `migrationSol` migrates. Every choice (pool, side, size, trader,
// names) comes from the seed, so a run driven by `step()` is reproducible; the timers only decide
// when the next step happens.
//
// Prices stay near where they started: the chance of a buy leans against the move since the
// pool was first seen, so a long run wanders instead of draining a pool.

import type { LocalnetAdmin } from '../../admin/admin.js';
import type { Keypair } from '../../chain/keypair.js';
import type { LocalChain } from '../../chain/local-chain.js';
import { parseTokenAccount } from '../../chain/token-layout.js';
import type { MarketState } from '../market-state.js';
import type { SandboxPool } from '../market-model.js';
import { priceSolFromReserves } from '../market-model.js';
import { tokenProgramId } from '../seed/pool-vaults.js';
import { derivedKeypair, pick, seededRandom, type Random } from '../seeded-random.js';
import { associatedTokenAddress } from '../swap/associated-token.js';
import { SOL_MINT } from '../swap/swap-quote.js';
import { landSwap } from './land-swap.js';
import { TokenLauncher } from './token-launcher.js';

export interface ActivityOptions {
  /** Swaps per second across all pools (default 1.5; 0 for none). */
  readonly tradesPerSecond?: number;
  /** Token launches per minute (default 1; 0 for none). */
  readonly launchesPerMinute?: number;
  /** SOL a bonding curve raises before it migrates (default 40). */
  readonly migrationSol?: number;
  /** How many traders take turns (default 12). */
  readonly traders?: number;
  /** Start the timers at once (default true). */
  readonly autoStart?: boolean;
}

export interface ActivityDeps {
  readonly chain: LocalChain;
  readonly admin: LocalnetAdmin;
  readonly market: MarketState;
  readonly seed: string;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}

export type StepOutcome =
  | { readonly kind: 'trade'; readonly signature: string; readonly migrated: string | null }
  | { readonly kind: 'skipped'; readonly reason: string };

const LAMPORTS_PER_SOL = 1_000_000_000n;
const TRADER_FUNDING = 5_000n * LAMPORTS_PER_SOL;
const TRADER_LOW_WATER = 50n * LAMPORTS_PER_SOL;

export class ActivityGenerator {
  readonly tradesPerSecond: number;
  readonly launchesPerMinute: number;
  private readonly migrationLamports: bigint;
  private readonly random: Random;
  private readonly traders: readonly Keypair[];
  private readonly launcher: TokenLauncher;
  /** Each pool's SOL price when the generator first traded it: what prices lean back to. */
  private readonly anchors = new Map<string, number>();
  private tradeTimer: NodeJS.Timeout | null = null;
  private launchTimer: NodeJS.Timeout | null = null;
  /** Steps run one at a time: a slow landing never overlaps the next. */
  private busy: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly deps: ActivityDeps,
    options: ActivityOptions = {},
  ) {
    this.tradesPerSecond = nonNegative('tradesPerSecond', options.tradesPerSecond ?? 1.5);
    this.launchesPerMinute = nonNegative('launchesPerMinute', options.launchesPerMinute ?? 1);
    this.migrationLamports = BigInt(
      Math.round(nonNegative('migrationSol', options.migrationSol ?? 40) * 1e9),
    );
    const count = options.traders ?? 12;
    if (!Number.isInteger(count) || count < 1)
      throw new Error(`traders must be a positive integer, got ${count}`);
    this.random = seededRandom(`${deps.seed}:activity`);
    this.traders = Array.from({ length: count }, (_, i) =>
      derivedKeypair(deps.seed, `trader:${i}`),
    );
    this.launcher = new TokenLauncher(deps);
  }

  get running(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.tradesPerSecond > 0) this.scheduleTrade();
    if (this.launchesPerMinute > 0) this.scheduleLaunch();
  }

  /** Stops the timers and waits for a step in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.tradeTimer !== null) clearTimeout(this.tradeTimer);
    if (this.launchTimer !== null) clearTimeout(this.launchTimer);
    this.tradeTimer = null;
    this.launchTimer = null;
    await this.busy.catch(() => undefined);
  }

  /** One trade now (tests and benchmarks drive the generator this way). */
  step(): Promise<StepOutcome> {
    return this.serialized(() => this.trade());
  }

  /** One launch now; resolves to the new mint. */
  launch(): Promise<string> {
    return this.serialized(async () => {
      const creator = pick(this.random, this.traders);
      await this.ensureFunded(creator);
      return this.launcher.launch(creator, this.random);
    });
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.busy.then(work, work);
    this.busy = next.catch(() => undefined);
    return next;
  }

  private scheduleTrade(): void {
    // Exponential gaps: trades arrive as a Poisson process at the configured rate.
    const gapMs = (-Math.log(1 - Math.random()) * 1000) / this.tradesPerSecond;
    this.tradeTimer = setTimeout(() => {
      if (this.stopped) return;
      this.step().then(
        () => this.stopped || this.scheduleTrade(),
        (error: unknown) => {
          this.deps.onError(error);
          if (!this.stopped) this.scheduleTrade();
        },
      );
    }, gapMs);
    this.tradeTimer.unref();
  }

  private scheduleLaunch(): void {
    const gapMs = (-Math.log(1 - Math.random()) * 60_000) / this.launchesPerMinute;
    this.launchTimer = setTimeout(() => {
      if (this.stopped) return;
      this.launch().then(
        () => this.stopped || this.scheduleLaunch(),
        (error: unknown) => {
          this.deps.onError(error);
          if (!this.stopped) this.scheduleLaunch();
        },
      );
    }, gapMs);
    this.launchTimer.unref();
  }

  private async trade(): Promise<StepOutcome> {
    const { market, chain } = this.deps;
    const pools = market.pools().filter((p) => market.reserves(p.address).lamports > 0n);
    if (pools.length === 0) return { kind: 'skipped', reason: 'no pool has liquidity' };
    // Bonding curves draw three times their share of the flow: launches are where the action is.
    const weighted = pools.flatMap((p) => (p.kind === 'bonding-curve' ? [p, p, p] : [p]));
    const pool = pick(this.random, weighted);
    const trader = pick(this.random, this.traders);
    await this.ensureFunded(trader);
    const reserves = market.reserves(pool.address);
    const decimals = market.token(pool.mint)?.decimals ?? 0;
    const price = priceSolFromReserves(reserves, decimals) ?? 0;
    const anchor = this.anchors.get(pool.address) ?? price;
    this.anchors.set(pool.address, anchor);
    const lean = anchor > 0 && price > 0 ? Math.tanh(Math.log(price / anchor) * 2) * 0.3 : 0;
    const buyChance = (pool.kind === 'bonding-curve' ? 0.75 : 0.5) - lean;
    const fraction = 0.0005 + this.random() * 0.006;
    const sizeLamports =
      pool.kind === 'bonding-curve'
        ? BigInt(Math.round((0.1 + this.random() * 2) * 1e9))
        : BigInt(Math.max(1_000_000, Math.round(Number(reserves.lamports) * fraction)));

    let held = 0n;
    if (this.random() >= buyChance) held = await this.holding(trader.address, pool);
    const sell = held > 0n;
    const amount = sell
      ? minBigint(held, (sizeLamports * reserves.tokenRaw) / (reserves.lamports + 1n))
      : sizeLamports;
    if (amount <= 0n) return { kind: 'skipped', reason: 'nothing to sell' };
    const landed = await landSwap(chain, market, trader, {
      inputMint: sell ? pool.mint : SOL_MINT,
      outputMint: sell ? SOL_MINT : pool.mint,
      amount,
      swapMode: 'ExactIn',
      slippageBps: 100,
      pools: [pool.address],
    });
    if (!landed.ok) return { kind: 'skipped', reason: landed.reason };
    let migrated: string | null = null;
    if (this.launcher.readyToMigrate(pool, this.migrationLamports)) {
      migrated = (await this.launcher.migrate(pool)).address;
    }
    return { kind: 'trade', signature: landed.record.signature, migrated };
  }

  private async holding(owner: string, pool: SandboxPool): Promise<bigint> {
    const token = this.deps.market.token(pool.mint);
    if (token === undefined) return 0n;
    const ata = await associatedTokenAddress(owner, pool.mint, tokenProgramId(token.program));
    const account = this.deps.chain.getAccount(ata);
    return account === null ? 0n : (parseTokenAccount(account.data)?.amount ?? 0n);
  }

  /** Tops a trader up from the faucet (a real transfer) when it runs low. */
  private async ensureFunded(trader: Keypair): Promise<void> {
    if (this.deps.chain.getBalance(trader.address) < TRADER_LOW_WATER) {
      await this.deps.admin.fund(trader.address, TRADER_FUNDING);
    }
  }
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got ${value}`);
  return value;
}

function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
