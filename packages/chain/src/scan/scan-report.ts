// What a scan hands back: one result per wallet (balances or an error, never neither), the
// tokens found with their holders (spec 1 §3's scan preview), and the stats of the Scan Details
// dialog under spec 1 §3's names.

import type { Result } from '@fleet/core';
import type { Address, Lamports } from '@solana/kit';

import type { PoolStats } from '../pool/endpoint-pool';
import type { TokenProgram } from './token-layout';

export interface TokenHolding {
  readonly account: Address;
  readonly mint: Address;
  readonly program: TokenProgram;
  /** Raw units (u64); scale by `decimals` for display only. */
  readonly amount: bigint;
  readonly decimals: number;
  /** The token account's own lamports: the rent a close returns. */
  readonly lamports: bigint;
  /** Frozen by the mint's freeze authority: it cannot close until thawed. */
  readonly frozen: boolean;
  /** Token-2022 transfer fees withheld in the account, harvested before it can close. */
  readonly withheldAmount: bigint;
}

export interface WalletBalances {
  readonly lamports: Lamports;
  readonly tokens: readonly TokenHolding[];
  /** Re-scan only: known token accounts that are gone or no longer this wallet's. */
  readonly droppedTokenAccounts: readonly Address[];
  /**
   * The oldest `context.slot` of the RPC answers this result was made of: the stores compare it
   * with the slot they hold, so an endpoint behind the others never overwrites newer numbers.
   */
  readonly slot: bigint;
}

/** One wallet's outcome: its balances, or why it failed (a coded item error, e.g. RPC__NO_ENDPOINT_ANSWERED). */
export type WalletScanResult = { readonly owner: string } & Result<WalletBalances>;

export interface ScannedToken {
  readonly mint: Address;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly totalAmount: bigint;
}

export interface TokenHolder {
  readonly wallet: Address;
  readonly lamports: Lamports;
  readonly amount: bigint;
  readonly decimals: number;
}

export interface ScanStats {
  readonly endpoints: readonly string[];
  readonly endpointHits: Readonly<Record<string, number>>;
  readonly endpointErrors: Readonly<Record<string, number>>;
  readonly endpoint429s: Readonly<Record<string, number>>;
  readonly durationMs: number;
  readonly throughputWalletsPerMin: number;
  readonly failedAddresses: readonly string[];
  /** Calls by method during the scan (an attempt that failed over counts once). */
  readonly rpcMethods: Readonly<Record<string, number>>;
  readonly rpcCalls: number;
  /** Accounts read: wallets plus token accounts. */
  readonly objectsScanned: number;
  /** Jobs repeated after a failed attempt. */
  readonly rescans: number;
  readonly tokenAccountsFound: number;
  readonly concurrency: { readonly start: number; readonly end: number; readonly peak: number };
}

export interface ScanReport {
  /** In input order, each distinct wallet once. */
  readonly results: readonly WalletScanResult[];
  readonly tokens: readonly ScannedToken[];
  readonly holdersByMint: Readonly<Record<string, readonly TokenHolder[]>>;
  readonly failedAddresses: readonly string[];
  /** "Scan failed for N wallet(s): …" when any wallet failed; null otherwise. */
  readonly error: string | null;
  readonly stats: ScanStats;
}

export type ScanEvent =
  | {
      readonly type: 'progress';
      readonly done: number;
      readonly failed: number;
      readonly total: number;
      readonly concurrency: number;
    }
  | { readonly type: 'log'; readonly level: 'info' | 'warn' | 'error'; readonly message: string };

const LISTED_ADDRESSES = 50;

export function scanFailureMessage(failed: readonly string[]): string | null {
  if (failed.length === 0) return null;
  const listed = failed.slice(0, LISTED_ADDRESSES).join(', ');
  const more =
    failed.length > LISTED_ADDRESSES ? ` and ${failed.length - LISTED_ADDRESSES} more` : '';
  return `Scan failed for ${failed.length} wallet(s): ${listed}${more}`;
}

/** Per-endpoint counters during one scan: the pool's counters now minus at the start. */
export function statsDelta(
  before: PoolStats,
  after: PoolStats,
): Pick<
  ScanStats,
  'endpoints' | 'endpointHits' | 'endpointErrors' | 'endpoint429s' | 'rpcMethods' | 'rpcCalls'
> {
  const minus = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) =>
    Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - (b[k] ?? 0)]));
  return {
    endpoints: after.endpoints,
    endpointHits: minus(after.endpointHits, before.endpointHits),
    endpointErrors: minus(after.endpointErrors, before.endpointErrors),
    endpoint429s: minus(after.endpoint429s, before.endpoint429s),
    rpcMethods: Object.fromEntries(
      Object.entries(minus(after.rpcMethods, before.rpcMethods)).filter(([, v]) => v > 0),
    ),
    rpcCalls: after.calls - before.calls,
  };
}
