// What a method handler may use: the chain, the faucet, the asset registry, and the fault
// decisions of the endpoint the request arrived on.

import type { AssetRegistry } from '../admin/asset-registry.js';
import type { Faucet } from '../admin/faucet.js';
import type { LocalChain } from '../chain/local-chain.js';
import type { WireTransaction } from '../chain/wire-transaction.js';
import type { MarketView } from '../market/market-model.js';
import type { Params } from './params.js';

export interface RpcContext {
  readonly chain: LocalChain;
  readonly faucet: Faucet;
  readonly assets: AssetRegistry;
  /**
   * The slot this endpoint reports: the chain's, or fewer slots when its profile makes it lag
   * (block height equals the slot).
   */
  readonly slot: () => bigint;
  /** True when this endpoint's profile says to swallow this send. */
  readonly dropSend: () => boolean;
  /** Where unexpected handler failures go (the client only sees "Internal error"). */
  readonly reportError: (error: unknown) => void;
  /**
   * The sandbox market, once started (null without one): the DAS methods read its tokens'
   * metadata, its compressed NFTs and its prices (`token_info.price_info`). Without one they
   * answer from the chain and the registry alone.
   */
  readonly market?: () => MarketView | null;
  /**
   * The sandbox market's co-signature for a sent or simulated transaction that carries a swap it
   * handed out as instructions (the pools sign their payments); `tx` itself otherwise.
   */
  readonly cosign?: (tx: WireTransaction) => WireTransaction;
}

export type RpcHandler = (params: Params, ctx: RpcContext) => unknown;

export const API_VERSION = '2.2.20';

export function withContext(
  ctx: RpcContext,
  value: unknown,
): { context: { slot: bigint; apiVersion: string }; value: unknown } {
  return { context: { slot: ctx.slot(), apiVersion: API_VERSION }, value };
}
