// A `MarketView` over plain data, for the providers' tests: tokens, pools, reserves and trades
// given up front, trades and events pushed in as a test needs them. It answers exactly what it
// holds (no chain behind it), following the interface's contract: pools of a mint deepest
// first, trades newest first and strictly before `beforeMs`.

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
} from '../market-model.js';

export interface FixedMarketData {
  readonly baseUrl: string;
  readonly solUsd: SolUsdQuote;
  readonly tokens: readonly SandboxToken[];
  readonly compressedNfts: readonly SandboxCompressedNft[];
  readonly pools: readonly SandboxPool[];
  readonly reserves: Readonly<Record<string, PoolReserves>>;
  readonly trades: readonly SandboxTrade[];
  readonly boosts: readonly SandboxBoost[];
}

const EMPTY_RESERVES: PoolReserves = { lamports: 0n, tokenRaw: 0n, slot: 0 };

export class FixedMarket implements MarketView {
  readonly baseUrl: string;
  private quote: SolUsdQuote;
  private readonly tokenList: SandboxToken[];
  private readonly cnfts: SandboxCompressedNft[];
  private readonly poolList: SandboxPool[];
  private readonly reserveMap: Map<string, PoolReserves>;
  private readonly tradeList: SandboxTrade[];
  private readonly boostList: SandboxBoost[];
  private readonly listeners = new Set<MarketListener>();

  constructor(data: FixedMarketData) {
    this.baseUrl = data.baseUrl;
    this.quote = data.solUsd;
    this.tokenList = [...data.tokens];
    this.cnfts = [...data.compressedNfts];
    this.poolList = [...data.pools];
    this.reserveMap = new Map(Object.entries(data.reserves));
    this.tradeList = [...data.trades];
    this.boostList = [...data.boosts];
  }

  solUsd(): SolUsdQuote {
    return this.quote;
  }

  tokens(): readonly SandboxToken[] {
    return this.tokenList;
  }

  token(mint: string): SandboxToken | undefined {
    return this.tokenList.find((token) => token.mint === mint);
  }

  compressedNfts(): readonly SandboxCompressedNft[] {
    return this.cnfts;
  }

  pools(): readonly SandboxPool[] {
    return this.poolList;
  }

  pool(address: string): SandboxPool | undefined {
    return this.poolList.find((pool) => pool.address === address);
  }

  poolsOf(mint: string): readonly SandboxPool[] {
    return this.poolList
      .filter((pool) => pool.mint === mint)
      .sort((a, b) =>
        Number(this.reserves(b.address).lamports - this.reserves(a.address).lamports),
      );
  }

  reserves(pool: string): PoolReserves {
    return this.reserveMap.get(pool) ?? EMPTY_RESERVES;
  }

  trades(
    pool: string,
    options: { readonly limit?: number; readonly beforeMs?: number } = {},
  ): readonly SandboxTrade[] {
    const before = options.beforeMs ?? Number.POSITIVE_INFINITY;
    return this.tradeList
      .filter((trade) => trade.pool === pool && trade.timestampMs < before)
      .sort((a, b) => b.timestampMs - a.timestampMs || b.slot - a.slot)
      .slice(0, options.limit ?? 100);
  }

  boosts(): readonly SandboxBoost[] {
    return this.boostList;
  }

  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records a landed trade (with the reserves it left, if given) and announces it. */
  pushTrade(trade: SandboxTrade, reserves?: PoolReserves): void {
    this.tradeList.push(trade);
    if (reserves !== undefined) this.reserveMap.set(trade.pool, reserves);
    this.emit({ type: 'trade', trade });
  }

  /** Announces an event; a new token and its pool join the market first. */
  emit(event: MarketEvent): void {
    if (event.type === 'newToken') {
      this.tokenList.push(event.token);
      this.poolList.push(event.pool);
      if (event.initialBuy !== null) this.tradeList.push(event.initialBuy);
    }
    for (const listener of [...this.listeners]) listener(event);
  }

  setReserves(pool: string, reserves: PoolReserves): void {
    this.reserveMap.set(pool, reserves);
  }

  setSolUsd(price: number, updatedAtMs: number): void {
    this.quote = { price, updatedAtMs };
  }
}
