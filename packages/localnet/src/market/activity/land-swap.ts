// One swap by one of the sandbox's own traders, through the same quote and transaction builder
// users get from /swap, signed by the trader and landed on the chain: a real transaction, and
// the trade is recorded by the same landed-transaction path as anyone else's.

import type { Keypair } from '../../chain/keypair.js';
import type { LocalChain } from '../../chain/local-chain.js';
import type { TransactionRecord } from '../../history/transaction-record.js';
import { parseWireTransaction } from '../../chain/wire-transaction.js';
import { transactionErrorText } from '../../chain/transaction-error.js';
import type { MarketState } from '../market-state.js';
import { addSignature } from '../swap/partial-transaction.js';
import { buildSwapTransaction } from '../swap/swap-transaction.js';
import { quoteSwap, type QuoteRequest } from '../swap/swap-quote.js';

export type LandedSwap =
  | { readonly ok: true; readonly record: TransactionRecord }
  | { readonly ok: false; readonly reason: string };

export async function landSwap(
  chain: LocalChain,
  market: MarketState,
  trader: Keypair,
  request: QuoteRequest,
): Promise<LandedSwap> {
  const quoted = quoteSwap(market, request);
  if (!quoted.ok) return { ok: false, reason: quoted.failure.code };
  const compiled = await buildSwapTransaction(market, quoted.quote, {
    user: trader.address,
    blockhash: chain.latestBlockhash().blockhash,
    version: 0,
  });
  const tx = parseWireTransaction(addSignature(compiled, trader));
  const outcome = chain.land(tx);
  if (!outcome.landed) return { ok: false, reason: transactionErrorText(outcome.err) };
  if (outcome.record.err !== null) {
    return { ok: false, reason: transactionErrorText(outcome.record.err) };
  }
  return { ok: true, record: outcome.record };
}
