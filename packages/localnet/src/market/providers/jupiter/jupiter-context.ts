// What the Jupiter imitation needs: the market (pools, prices, pool keys), the chain (blockhash,
// landing for V2's managed execution) and the clock.

import type { LocalChain } from '../../../chain/local-chain.js';
import type { MarketState } from '../../market-state.js';

export interface JupiterContext {
  readonly market: MarketState;
  readonly chain: LocalChain;
  readonly now: () => number;
}
