// What the scanner knows of each wallet while a scan runs, how a token-program answer becomes
// holdings, and how the finished work becomes the report. Apart from the scanner's scheduling
// (scan-wallets.ts) so each can be read on its own.

import { FleetError, itemErrorOf, type ItemError } from '@fleet/core';
import { address, lamports, type Address } from '@solana/kit';

import type { EndpointPool } from '../pool/endpoint-pool';
import type { MintDirectory } from './mint-directory';
import {
  scanFailureMessage,
  statsDelta,
  type ScanReport,
  type ScannedToken,
  type TokenHolder,
  type WalletScanResult,
} from './scan-report';
import { base64Bytes, decodeTokenAccount, programOf, type TokenProgram } from './token-layout';

export interface RawHolding {
  readonly account: Address;
  readonly mint: Address;
  readonly program: TokenProgram;
  readonly amount: bigint;
  /** The token account's own lamports: the rent a close returns. */
  readonly lamports: bigint;
  readonly frozen: boolean;
  readonly withheldAmount: bigint;
}

export interface WalletWork {
  readonly owner: string;
  lamports: bigint | null;
  /** The oldest `context.slot` among the answers this wallet's result is made of (see noteSlot). */
  slot: bigint | null;
  /** Token holdings by the part of the scan that found them (a program, or a re-scan chunk). */
  readonly holdings: Map<string, readonly RawHolding[]>;
  readonly dropped: Address[];
  pending: number;
  error: ItemError | null;
}

/**
 * Records that an answer at `slot` went into this wallet's result. A wallet read by several calls
 * (its SOL and two token programs, or its accounts split across re-scan chunks) keeps the
 * smallest: the result is at least as fresh as that slot in every part, and claiming the newest
 * would let a part read at an older slot pass the write guard against data stored from between
 * the two slots.
 */
export function noteSlot(wallet: WalletWork, slot: bigint): void {
  if (wallet.slot === null || slot < wallet.slot) wallet.slot = slot;
}

/** Token accounts of one program, checked to be what we asked for before they count. */
export function decodeOwned(
  owner: string,
  program: TokenProgram,
  value: readonly {
    pubkey: Address;
    account: { owner: Address; lamports: bigint; data: unknown };
  }[],
): RawHolding[] {
  const seen = new Set<string>();
  return value.map((item) => {
    const bytes = base64Bytes(item.account.data);
    const decoded =
      bytes === null || programOf(item.account.owner) !== program
        ? null
        : decodeTokenAccount(bytes, program);
    if (decoded === null || decoded.owner !== owner)
      throw new FleetError('RPC__INVALID_ANSWER', {
        reason: `endpoint returned a ${program} account ${item.pubkey} that is not ${owner}'s`,
      });
    if (seen.has(item.pubkey))
      throw new FleetError('RPC__INVALID_ANSWER', {
        reason: `endpoint listed token account ${item.pubkey} twice`,
      });
    seen.add(item.pubkey);
    return {
      account: item.pubkey,
      mint: decoded.mint,
      program,
      amount: decoded.amount,
      lamports: item.account.lamports,
      frozen: decoded.frozen,
      withheldAmount: decoded.withheldAmount,
    };
  });
}

export function buildReport(
  all: readonly WalletWork[],
  mints: MintDirectory,
  run: {
    durationMs: number;
    before: ReturnType<EndpointPool['stats']>;
    after: ReturnType<EndpointPool['stats']>;
    rescans: number;
    concurrency: { start: number; end: number; peak: number };
  },
): ScanReport {
  const totals = new Map<string, bigint>();
  const holdersByMint: Record<string, TokenHolder[]> = {};
  let tokenAccountsFound = 0;
  let objectsScanned = 0;
  const results: WalletScanResult[] = all.map((wallet) => {
    if (wallet.error !== null || wallet.lamports === null)
      return {
        owner: wallet.owner,
        ok: false,
        error: wallet.error ?? itemErrorOf(new FleetError('SCAN__NOT_SCANNED')),
      };
    const tokens = [...wallet.holdings.values()].flat().map((h) => {
      const info = mints.get(h.mint);
      return { ...h, decimals: info?.decimals ?? 0 };
    });
    objectsScanned += 1 + tokens.length + wallet.dropped.length;
    tokenAccountsFound += tokens.length;
    const walletLamports = lamports(wallet.lamports);
    const perMint = new Map<string, { amount: bigint; decimals: number }>();
    for (const t of tokens) {
      totals.set(t.mint, (totals.get(t.mint) ?? 0n) + t.amount);
      const entry = perMint.get(t.mint) ?? { amount: 0n, decimals: t.decimals };
      entry.amount += t.amount;
      perMint.set(t.mint, entry);
    }
    for (const [mint, entry] of perMint) {
      (holdersByMint[mint] ??= []).push({
        wallet: address(wallet.owner),
        lamports: walletLamports,
        amount: entry.amount,
        decimals: entry.decimals,
      });
    }
    return {
      owner: wallet.owner,
      ok: true,
      value: {
        lamports: walletLamports,
        tokens,
        droppedTokenAccounts: [...wallet.dropped],
        // Every answered wallet noted at least one slot; 0 (older than any) only if an endpoint
        // left `context` out, so such a read never overwrites a stamped row.
        slot: wallet.slot ?? 0n,
      },
    };
  });
  const tokens: ScannedToken[] = [...totals].map(([mint, totalAmount]) => {
    const info = mints.get(mint);
    return {
      mint: address(mint),
      name: info?.name ?? '',
      symbol: info?.symbol ?? '',
      decimals: info?.decimals ?? 0,
      totalAmount,
    };
  });
  const failedAddresses = results.filter((r) => !r.ok).map((r) => r.owner);
  const { durationMs } = run;
  return {
    results,
    tokens,
    holdersByMint,
    failedAddresses,
    error: scanFailureMessage(failedAddresses),
    stats: {
      ...statsDelta(run.before, run.after),
      durationMs,
      throughputWalletsPerMin:
        durationMs === 0
          ? 0
          : Math.round((all.length - failedAddresses.length) / (durationMs / 60_000)),
      failedAddresses,
      objectsScanned,
      rescans: run.rescans,
      tokenAccountsFound,
      concurrency: run.concurrency,
    },
  };
}
