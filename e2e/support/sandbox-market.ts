// The sandbox market of a Fleet started by `startFleetServer`, driven the way a trader's own
// client would: find a token by its symbol (DexScreener's search), ask Jupiter for a quote and
// the swap transaction that fills it, sign it with the wallet's key (@solana/kit) and send it to
// the sandbox's RPC, then read the chain for the result.

import {
  createKeyPairFromBytes,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  signTransaction,
} from '@solana/kit';
import type { FleetServer } from './fleet-server';

/** Wrapped SOL's mint: Jupiter's name for SOL on either side of a swap. */
export const SOL_MINT = 'So11111111111111111111111111111111111111112';

export interface SandboxToken {
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
}

export interface JupiterQuote {
  readonly inputMint: string;
  readonly outputMint: string;
  readonly inAmount: string;
  readonly outAmount: string;
  readonly otherAmountThreshold: string;
  readonly swapMode: string;
  readonly routePlan: readonly { readonly swapInfo: { readonly ammKey: string } }[];
}

/** The market's base URL (`…/market`), from the line the server printed at start. */
export function sandboxMarketUrl(server: FleetServer): string {
  const url = /Sandbox market: (\S+)/.exec(server.output())?.[1];
  if (!url) throw new Error(`the server printed no sandbox market:\n${server.output()}`);
  return url.replace(/\/$/, '');
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A listed token by its exact symbol, through the market's DexScreener search. */
export async function sandboxToken(marketUrl: string, symbol: string): Promise<SandboxToken> {
  const url = `${marketUrl}/dexscreener/latest/dex/search?q=${encodeURIComponent(symbol)}`;
  const { pairs } = await json<{
    pairs: { baseToken: { address: string; symbol: string; name: string } }[] | null;
  }>(await fetch(url), `search ${symbol}`);
  const found = pairs?.find((pair) => pair.baseToken.symbol === symbol)?.baseToken;
  if (!found) throw new Error(`the sandbox market lists no ${symbol}`);
  return { mint: found.address, symbol: found.symbol, name: found.name };
}

export interface SandboxChain {
  /** The sandbox's JSON-RPC URL. */
  readonly rpcUrl: string;
  readonly marketUrl: string;
}

export async function rpcCall<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await json<{ result?: T; error?: { message: string } }>(response, method);
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * Buys `outputMint` with `lamports` of SOL for the wallet whose 64-byte secret key is given: a
 * Jupiter quote, the swap transaction the market builds and co-signs, the wallet's signature,
 * sent to the RPC and confirmed. Returns the quote that was filled and the signature.
 */
export async function buyWithJupiter(
  chain: SandboxChain,
  wallet: { readonly address: string; readonly secretKey: Uint8Array },
  outputMint: string,
  lamports: bigint,
): Promise<{ readonly quote: JupiterQuote; readonly signature: string }> {
  const query = new URLSearchParams({
    inputMint: SOL_MINT,
    outputMint,
    amount: lamports.toString(),
    slippageBps: '300',
  });
  const quote = await json<JupiterQuote>(
    await fetch(`${chain.marketUrl}/jupiter/swap/v1/quote?${query.toString()}`),
    'Jupiter quote',
  );
  const { swapTransaction } = await json<{ swapTransaction: string }>(
    await fetch(`${chain.marketUrl}/jupiter/swap/v1/swap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quoteResponse: quote, userPublicKey: wallet.address }),
    }),
    'Jupiter swap',
  );
  const keyPair = await createKeyPairFromBytes(wallet.secretKey);
  const transaction = getTransactionDecoder().decode(Buffer.from(swapTransaction, 'base64'));
  const signed = await signTransaction([keyPair], transaction);
  const signature = await rpcCall<string>(chain.rpcUrl, 'sendTransaction', [
    getBase64EncodedWireTransaction(signed),
    { encoding: 'base64' },
  ]);
  await confirmed(chain.rpcUrl, signature);
  return { quote, signature };
}

interface SignatureStatus {
  readonly confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
  readonly err: unknown;
}

/** Waits (bounded) until the signature is confirmed; a landed transaction that failed throws. */
export async function confirmed(rpcUrl: string, signature: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { value } = await rpcCall<{ value: (SignatureStatus | null)[] }>(
      rpcUrl,
      'getSignatureStatuses',
      [[signature]],
    );
    const status = value[0];
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${signature} was not confirmed within 30 s`);
}

/** The wallet's raw balance of `mint` over all its token accounts, as the chain reads now. */
export async function tokenBalance(rpcUrl: string, owner: string, mint: string): Promise<bigint> {
  const { value } = await rpcCall<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
  }>(rpcUrl, 'getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'jsonParsed', commitment: 'confirmed' },
  ]);
  return value.reduce(
    (sum, account) => sum + BigInt(account.account.data.parsed.info.tokenAmount.amount),
    0n,
  );
}
