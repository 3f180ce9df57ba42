/**
 * The PubSub WebSocket of an RPC endpoint as Solana's clients derive it: the same host, path and
 * query (a provider's key rides there) with http→ws and https→wss. The pool's `#rps=…` fragment
 * is Fleet's own and is dropped. Agave's validator serves PubSub on the RPC port plus one; such a
 * setup names its WebSocket in SOLANA_WS_URL.
 */
export function chainWsUrlFor(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`not an http(s) RPC URL: ${url.protocol}`);
  }
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  return url.toString();
}

/** Where the live balances subscribe: SOLANA_WS_URL, else the embedded localnet's, else derived. */
export function chainWsUrlOf(options: {
  readonly configured: string | undefined;
  readonly localnetWsUrl: string | undefined;
  readonly rpcUrls: readonly string[];
}): string | undefined {
  if (options.configured !== undefined) return options.configured;
  if (options.localnetWsUrl !== undefined) return options.localnetWsUrl;
  const first = options.rpcUrls[0];
  return first === undefined ? undefined : chainWsUrlFor(first);
}
