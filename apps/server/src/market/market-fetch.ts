import type { FetchLike } from '@fleet/market';

/**
 * The server's one transport for market providers: Node's global `fetch`. The market package
 * owns timeouts, budgets, retries and parsing around it (packages/market README); this module
 * only hands it the real network, so no other server module calls `fetch` itself.
 */
export const marketFetch: FetchLike = (input, init) => fetch(input, init);

/**
 * The transport of a server context without a market (tests that do not price, tools): every
 * call fails with this reason, so prices read as unavailable instead of reaching the internet.
 */
export const noMarketFetch: FetchLike = () =>
  Promise.reject(new Error('no market is configured for this server'));
