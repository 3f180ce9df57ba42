// The sandbox market's state, implementing `MarketView` over the local chain: the catalogue of
// tokens and pools, the pool authorities' keys (never exposed to readers), the trades the chain
// reported and the event stream. Reserves are never stored here: they are read from the vault
// accounts on every call, so nothing can move them but a landed transaction.

import type { Keypair } from '../chain/keypair.js';
import type { LocalChain } from '../chain/local-chain.js';
import { parseTokenAccount } from '../chain/token-layout.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import type {
  MarketEvent,
  MarketListener,
  MarketView,
  PoolReserves,
  SandboxBoost,
  SandboxCompressedNft,
  SandboxPool,
  SandboxToken,
  SandboxTrade,
  SolUsdQuote,
} from './market-model.js';
import type { SolUsdDrift } from './sol-usd-drift.js';
import { detectTrades } from './trade-detector.js';

/** Trades kept per pool (oldest dropped first): days of the generator's default pace. */
const TRADES_KEPT_PER_POOL = 50_000;

export interface MarketStateOptions {
  readonly chain: LocalChain;
  readonly baseUrl: string;
  readonly solUsd: SolUsdDrift;
  readonly now: () => number;
  readonly onListenerError: (error: unknown) => void;
}

export class MarketState implements MarketView {
  readonly baseUrl: string;
  private readonly chain: LocalChain;
  private readonly drift: SolUsdDrift;
  private readonly now: () => number;
  private readonly onListenerError: (error: unknown) => void;
  private readonly tokenByMint = new Map<string, SandboxToken>();
  private readonly poolByAddress = new Map<string, SandboxPool>();
  private readonly poolBySolVault = new Map<string, SandboxPool>();
  private readonly authorities = new Map<string, Keypair>();
  private readonly tradesByPool = new Map<string, SandboxTrade[]>();
  private readonly compressed: SandboxCompressedNft[] = [];
  private boostList: readonly SandboxBoost[] = [];
  private readonly listeners = new Set<MarketListener>();
  /** Events held back while a launch lands its first trade (see `holdEvents`). */
  private held: MarketEvent[] | null = null;
  private readonly vaultRent: bigint;
  private stopWatching: (() => void) | null = null;

  constructor(options: MarketStateOptions) {
    this.chain = options.chain;
    this.baseUrl = options.baseUrl;
    this.drift = options.solUsd;
    this.now = options.now;
    this.onListenerError = options.onListenerError;
    this.vaultRent = options.chain.minimumBalanceForRentExemption(0n);
  }

  /** Starts recording trades from every transaction the chain lands. */
  watchChain(): void {
    this.stopWatching ??= this.chain.on('transaction', (record) => this.recordLanded(record));
  }

  close(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.listeners.clear();
  }

  // ---- MarketView ----------------------------------------------------------------------------

  solUsd(): SolUsdQuote {
    return this.drift.quote();
  }

  tokens(): readonly SandboxToken[] {
    return [...this.tokenByMint.values()];
  }

  token(mint: string): SandboxToken | undefined {
    return this.tokenByMint.get(mint);
  }

  compressedNfts(): readonly SandboxCompressedNft[] {
    return this.compressed;
  }

  pools(): readonly SandboxPool[] {
    return [...this.poolByAddress.values()];
  }

  pool(address: string): SandboxPool | undefined {
    return this.poolByAddress.get(address);
  }

  poolsOf(mint: string): readonly SandboxPool[] {
    return this.pools()
      .filter((p) => p.mint === mint)
      .map((pool) => ({ pool, depth: this.reserves(pool.address).lamports }))
      .sort((a, b) => (a.depth === b.depth ? 0 : a.depth > b.depth ? -1 : 1))
      .map(({ pool }) => pool);
  }

  reserves(poolAddress: string): PoolReserves {
    const pool = this.poolByAddress.get(poolAddress);
    if (pool === undefined) throw new Error(`unknown pool ${poolAddress}`);
    const balance = this.chain.getBalance(pool.solVault);
    const vault = this.chain.getAccount(pool.tokenVault);
    const tokenRaw = vault === null ? 0n : (parseTokenAccount(vault.data)?.amount ?? 0n);
    return {
      lamports: balance > this.vaultRent ? balance - this.vaultRent : 0n,
      tokenRaw,
      slot: Number(this.chain.slot),
    };
  }

  trades(
    poolAddress: string,
    options: { readonly limit?: number; readonly beforeMs?: number } = {},
  ): readonly SandboxTrade[] {
    const list = this.tradesByPool.get(poolAddress) ?? [];
    const limit = options.limit ?? 100;
    const out: SandboxTrade[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
      const trade = list[i];
      if (trade === undefined) continue;
      if (options.beforeMs !== undefined && trade.timestampMs >= options.beforeMs) continue;
      out.push(trade);
    }
    return out;
  }

  /** SOL/USD's change since the market opened, in percent (the sandbox's 24 h window). */
  solUsdChangePct(): number {
    return this.drift.changeSinceOpenPct();
  }

  boosts(): readonly SandboxBoost[] {
    return this.boostList;
  }

  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- what the seeding, the generator and the swap builder use ------------------------------

  get lamportsPerVaultRent(): bigint {
    return this.vaultRent;
  }

  putToken(token: SandboxToken): void {
    this.tokenByMint.set(token.mint, token);
  }

  addPool(pool: SandboxPool, authority: Keypair): void {
    if (authority.address !== pool.authority) throw new Error('the authority key does not match');
    this.poolByAddress.set(pool.address, pool);
    this.poolBySolVault.set(pool.solVault, pool);
    this.authorities.set(pool.address, authority);
  }

  /** The pool's signing key: for the swap builder only. */
  authorityOf(poolAddress: string): Keypair {
    const key = this.authorities.get(poolAddress);
    if (key === undefined) throw new Error(`unknown pool ${poolAddress}`);
    return key;
  }

  addCompressedNft(nft: SandboxCompressedNft): void {
    this.compressed.push(nft);
  }

  setBoosts(boosts: readonly SandboxBoost[]): void {
    this.boostList = boosts;
  }

  /**
   * Queues events instead of emitting them, until `releaseEvents`: a launch's first trade lands
   * while its token is already listed, but its `newToken` event must reach readers first.
   */
  holdEvents(): void {
    this.held ??= [];
  }

  /** Emits `first`, then whatever was held, and stops holding. */
  releaseEvents(first: readonly MarketEvent[] = []): void {
    const queued = this.held ?? [];
    this.held = null;
    for (const event of [...first, ...queued]) this.emit(event);
  }

  emit(event: MarketEvent): void {
    if (this.held !== null) {
      this.held.push(event);
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** The swaps in a landed transaction, as trades (not stored). */
  tradesIn(record: TransactionRecord, replayed = false): SandboxTrade[] {
    return detectTrades(record, {
      poolBySolVault: (address) => this.poolBySolVault.get(address),
      decimalsOf: (mint) => this.tokenByMint.get(mint)?.decimals ?? 0,
      solUsd: () => this.drift.quote().price,
      // The block time has second resolution; the clock orders trades landing now within one.
      timestampMs: (r) => (replayed ? r.blockTime * 1000 : this.now()),
    });
  }

  /**
   * Rebuilds the trade history from the chain's own history (a localnet restarted from its data
   * directory keeps its transactions; the market's memory of them is rebuilt, not persisted).
   * The SOL/USD of a replayed trade is today's: the walk's past is not kept.
   */
  replayHistory(): void {
    for (const pool of this.poolByAddress.values()) {
      const records = this.chain.index.signaturesFor(pool.solVault, {
        limit: TRADES_KEPT_PER_POOL,
      });
      for (let i = records.length - 1; i >= 0; i--) {
        const record = records[i];
        if (record === undefined || record.err !== null) continue;
        for (const trade of this.tradesIn(record, true)) {
          if (trade.pool === pool.address) this.storeTrade(trade, { emit: false });
        }
      }
    }
  }

  /** Stores a trade; emits its event unless told not to (a launch emits its own first). */
  storeTrade(trade: SandboxTrade, options: { emit: boolean } = { emit: true }): void {
    let list = this.tradesByPool.get(trade.pool);
    if (list === undefined) {
      list = [];
      this.tradesByPool.set(trade.pool, list);
    }
    list.push(trade);
    if (list.length > TRADES_KEPT_PER_POOL) list.splice(0, list.length - TRADES_KEPT_PER_POOL);
    if (options.emit) this.emit({ type: 'trade', trade });
  }

  private recordLanded(record: TransactionRecord): void {
    if (record.err !== null || this.poolBySolVault.size === 0) return;
    for (const trade of this.tradesIn(record)) this.storeTrade(trade);
  }
}
