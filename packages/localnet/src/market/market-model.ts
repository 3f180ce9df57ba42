// What the sandbox market knows, in one place: its tokens, its pools (whose reserves are real
// token and system accounts on the local chain), the trades that landed against them, the
// boosts and the SOL/USD price. Every provider the sandbox imitates (Jupiter, DexScreener,
// GeckoTerminal, Moralis, PumpPortal, the digital-asset API) answers from a `MarketView`, so
// their answers agree with each other and with the chain.

export type SandboxTokenProgram = 'spl-token' | 'token-2022';

/** Wrapped SOL's mint: how every provider names SOL as a pair's quote token. */
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';
export type SandboxAssetKind = 'fungible' | 'nft';

export interface SandboxSocial {
  readonly type: 'twitter' | 'telegram' | 'discord';
  readonly url: string;
}

/** A mint that exists on the local chain, with the off-chain metadata a market serves for it. */
export interface SandboxToken {
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly program: SandboxTokenProgram;
  /** 'nft' means decimals 0 and supply 1. */
  readonly kind: SandboxAssetKind;
  readonly description: string;
  /** Served by the sandbox itself (an absolute URL under its base). */
  readonly imageUrl: string;
  /** JSON metadata document, also served by the sandbox. */
  readonly metadataUri: string;
  readonly websites: readonly string[];
  readonly socials: readonly SandboxSocial[];
  readonly creator: string;
  readonly createdAtMs: number;
  /** Raw units minted so far. */
  readonly supply: bigint;
  /** Present for tokens launched by the generator: a bonding phase, then a pool. */
  readonly launch: SandboxLaunch | null;
}

export interface SandboxLaunch {
  readonly phase: 'bonding' | 'migrated';
  /** The bonding-curve pool while bonding; stays set after migration for history. */
  readonly bondingPool: string;
  readonly launchSignature: string;
  readonly migratedAtMs: number | null;
  /** The constant-product pool it migrated to. */
  readonly migratedPool: string | null;
}

/** A compressed NFT: no account on chain, known only to the digital-asset API's index. */
export interface SandboxCompressedNft {
  readonly id: string;
  readonly owner: string;
  readonly name: string;
  readonly symbol: string;
  readonly metadataUri: string;
  readonly imageUrl: string;
  readonly tree: string;
  readonly leafIndex: number;
  readonly collection: string | null;
}

export type SandboxPoolKind = 'constant-product' | 'bonding-curve';

/** A SOL/token pool. Its reserves are the balances of two real accounts on the local chain. */
export interface SandboxPool {
  readonly address: string;
  readonly mint: string;
  readonly kind: SandboxPoolKind;
  /** System account holding the SOL reserve (rent-exempt minimum excluded from the reserve). */
  readonly solVault: string;
  /** Token account (of `mint`) holding the token reserve. */
  readonly tokenVault: string;
  /** The keypair the sandbox co-signs swaps with; it owns both vaults. */
  readonly authority: string;
  readonly feeBps: number;
  readonly createdAtMs: number;
  /** DEX label the providers show ('raydium', 'pumpfun', ...). */
  readonly dexId: string;
}

export interface PoolReserves {
  readonly lamports: bigint;
  readonly tokenRaw: bigint;
  /** Slot the reserves were read at. */
  readonly slot: number;
}

/** A swap that landed on the local chain against a pool. */
export interface SandboxTrade {
  readonly signature: string;
  readonly slot: number;
  readonly timestampMs: number;
  readonly pool: string;
  readonly mint: string;
  readonly trader: string;
  readonly side: 'buy' | 'sell';
  readonly lamports: bigint;
  readonly tokenRaw: bigint;
  /** SOL per whole token at this trade's execution. */
  readonly priceSol: number;
  /** SOL/USD when the trade landed. */
  readonly solUsd: number;
}

export interface SandboxBoost {
  readonly mint: string;
  readonly amount: number;
  readonly totalAmount: number;
  readonly description: string;
  readonly iconUrl: string;
  readonly url: string;
}

export interface SolUsdQuote {
  readonly price: number;
  readonly updatedAtMs: number;
}

export type MarketEvent =
  | {
      readonly type: 'newToken';
      readonly token: SandboxToken;
      readonly pool: SandboxPool;
      /** The creator's initial buy, if any. */
      readonly initialBuy: SandboxTrade | null;
    }
  | { readonly type: 'trade'; readonly trade: SandboxTrade }
  | {
      readonly type: 'migration';
      readonly mint: string;
      readonly fromPool: string;
      readonly toPool: string;
      readonly signature: string;
      readonly timestampMs: number;
    };

export type MarketListener = (event: MarketEvent) => void;

/** Read access to the sandbox market; implemented over the local chain by the market state. */
export interface MarketView {
  /** Where the sandbox serves its images and metadata documents. */
  readonly baseUrl: string;
  solUsd(): SolUsdQuote;
  tokens(): readonly SandboxToken[];
  token(mint: string): SandboxToken | undefined;
  compressedNfts(): readonly SandboxCompressedNft[];
  pools(): readonly SandboxPool[];
  pool(address: string): SandboxPool | undefined;
  /** Pools trading this mint, the deepest first. */
  poolsOf(mint: string): readonly SandboxPool[];
  /** Read from the chain now. */
  reserves(pool: string): PoolReserves;
  /** Newest first. */
  trades(
    pool: string,
    options?: { readonly limit?: number; readonly beforeMs?: number },
  ): readonly SandboxTrade[];
  boosts(): readonly SandboxBoost[];
  /** Every market event as it happens; returns the unsubscribe. */
  subscribe(listener: MarketListener): () => void;
}

/** SOL per whole token, from a pool's reserves; null when either side is empty. */
export function priceSolFromReserves(reserves: PoolReserves, decimals: number): number | null {
  if (reserves.lamports <= 0n || reserves.tokenRaw <= 0n) return null;
  return Number(reserves.lamports) / 1e9 / (Number(reserves.tokenRaw) / 10 ** decimals);
}
