// What the Jupiter imitation needs: the market (pools, prices, pool keys), the chain (blockhash,
// landing for V2's managed execution), the pools' co-signer for /swap-instructions and the clock.

import type { LocalChain } from '../../../chain/local-chain.js';
import type { MarketState } from '../../market-state.js';
import type { SwapCosigner } from '../../swap/swap-cosigner.js';

export interface JupiterContext {
  readonly market: MarketState;
  readonly chain: LocalChain;
  readonly cosigner: SwapCosigner;
  readonly now: () => number;
}
