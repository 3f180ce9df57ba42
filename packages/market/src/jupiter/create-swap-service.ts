import type { ProviderAccount } from '../budget/provider-account';
import type { JupiterConfig } from './jupiter-config';
import { createSwapV1, type Broadcast } from './swap-v1';
import { createSwapV2Build } from './swap-v2-build';
import { createSwapV2Order } from './swap-v2-order';
import type { SwapService } from './swap-service';

/** The operator's configuration picks the API; every caller sees the same `SwapService`. */
export function createSwapService(
  account: ProviderAccount,
  config: JupiterConfig,
  broadcast: Broadcast,
): SwapService {
  if ((config.swapApi ?? 'v1') === 'v1') return createSwapV1(account, config, broadcast);
  return (config.v2Flow ?? 'order') === 'order'
    ? createSwapV2Order(account, config)
    : createSwapV2Build(account, config);
}
