// Reads a landed transaction for swaps against known pools. A swap is whatever moved a pool's SOL
// vault and token vault in opposite directions in one successful transaction — the sandbox's own
// swap transactions, the generator's, and anyone else's that honours the pool's price alike —
// so a trade exists exactly when the chain says the reserves moved, never before.

import { readStaticKeys } from '../chain/wire-transaction.js';
import { decodeBase64 } from '../codec/base64.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import type { SandboxPool, SandboxTrade } from './market-model.js';

export interface DetectionContext {
  /** The pool whose SOL vault is `address`, if any. */
  readonly poolBySolVault: (address: string) => SandboxPool | undefined;
  readonly decimalsOf: (mint: string) => number;
  readonly solUsd: () => number;
  /** The trade's time: the clock for a trade landing now, the block time for a replayed one. */
  readonly timestampMs: (record: TransactionRecord) => number;
}

export function detectTrades(record: TransactionRecord, ctx: DetectionContext): SandboxTrade[] {
  if (record.err !== null) return [];
  const keys = [
    ...readStaticKeys(decodeBase64(record.wire)),
    ...record.loadedAddresses.writable,
    ...record.loadedAddresses.readonly,
  ];
  const trader = keys[0];
  if (trader === undefined) return [];
  const trades: SandboxTrade[] = [];
  keys.forEach((key, index) => {
    const pool = ctx.poolBySolVault(key);
    if (pool === undefined) return;
    const lamportsDelta = (record.postBalances[index] ?? 0n) - (record.preBalances[index] ?? 0n);
    const vaultIndex = keys.indexOf(pool.tokenVault);
    if (vaultIndex < 0) return;
    const tokenDelta =
      tokenAmountAt(record.postTokenBalances, vaultIndex) -
      tokenAmountAt(record.preTokenBalances, vaultIndex);
    const side =
      lamportsDelta > 0n && tokenDelta < 0n
        ? 'buy'
        : lamportsDelta < 0n && tokenDelta > 0n
          ? 'sell'
          : null;
    if (side === null) return;
    const lamports = lamportsDelta < 0n ? -lamportsDelta : lamportsDelta;
    const tokenRaw = tokenDelta < 0n ? -tokenDelta : tokenDelta;
    const decimals = ctx.decimalsOf(pool.mint);
    trades.push({
      signature: record.signature,
      slot: Number(record.slot),
      timestampMs: ctx.timestampMs(record),
      pool: pool.address,
      mint: pool.mint,
      trader,
      side,
      lamports,
      tokenRaw,
      priceSol: Number(lamports) / 1e9 / (Number(tokenRaw) / 10 ** decimals),
      solUsd: ctx.solUsd(),
    });
  });
  return trades;
}

function tokenAmountAt(
  balances: TransactionRecord['postTokenBalances'],
  accountIndex: number,
): bigint {
  const entry = balances.find((b) => b.accountIndex === accountIndex);
  return entry === undefined ? 0n : BigInt(entry.uiTokenAmount.amount);
}
