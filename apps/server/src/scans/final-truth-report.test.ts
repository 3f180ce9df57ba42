import type { ScanReport, TokenHolding } from '@fleet/chain';
import { emptyFinalTruthScanReport, finalTruthScanFinishedToast } from '@fleet/core';
import { address, lamports } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { GONE_MESSAGE, countHoldings, foldBatch } from './final-truth-report';

const holding = (amount: bigint, decimals: number): TokenHolding => ({
  account: address(newTestKeypair().address),
  mint: address(newTestKeypair().address),
  program: 'token',
  amount,
  decimals,
  lamports: 2_039_280n,
  frozen: false,
  withheldAmount: 0n,
});

function scanOf(results: ScanReport['results'], rpcCalls: number): ScanReport {
  return {
    results,
    tokens: [],
    holdersByMint: {},
    failedAddresses: results.flatMap((result) => (result.ok ? [] : [result.owner])),
    error: null,
    stats: {
      endpoints: [],
      endpointHits: {},
      endpointErrors: {},
      endpoint429s: {},
      durationMs: 10,
      throughputWalletsPerMin: 0,
      failedAddresses: [],
      rpcMethods: {},
      rpcCalls,
      objectsScanned: 0,
      rescans: 0,
      tokenAccountsFound: 0,
      concurrency: { start: 1, end: 1, peak: 1 },
    },
  };
}

describe('the Final Truth Scan report', () => {
  it('counts SPL tokens with a balance, empty accounts and NFTs (decimals 0, balance 1) apart', () => {
    expect(
      countHoldings([
        holding(5n, 6),
        holding(0n, 6),
        holding(0n, 0),
        holding(1n, 0),
        holding(2n, 0),
        holding(1n, 9),
      ]),
    ).toEqual({ splWithBalance: 3, zeroBalanceAccounts: 2, nfts: 1 });
  });

  it('folds each batch into the results, the errors and the stats', () => {
    const [a, b, c] = [newTestKeypair(), newTestKeypair(), newTestKeypair()];
    const first = foldBatch(emptyFinalTruthScanReport(3), {
      scan: scanOf(
        [
          {
            owner: a.address,
            ok: true,
            value: {
              lamports: lamports(1n),
              tokens: [holding(3n, 6), holding(1n, 0)],
              droppedTokenAccounts: [],
              slot: 100n,
            },
          },
          {
            owner: b.address,
            ok: false,
            error: { code: 'RPC__NO_ENDPOINT_ANSWERED', message: 'No endpoint answered' },
          },
        ],
        4,
      ),
      gone: [],
      durationMs: 120,
    });
    const second = foldBatch(first, { scan: scanOf([], 0), gone: [c.address], durationMs: 5 });
    expect(second.results).toEqual([
      {
        address: a.address,
        splWithBalance: 1,
        zeroBalanceAccounts: 0,
        nfts: 1,
        status: 'ok',
        error: null,
      },
      {
        address: b.address,
        splWithBalance: 0,
        zeroBalanceAccounts: 0,
        nfts: 0,
        status: 'error',
        error: 'No endpoint answered',
      },
      {
        address: c.address,
        splWithBalance: 0,
        zeroBalanceAccounts: 0,
        nfts: 0,
        status: 'error',
        error: GONE_MESSAGE,
      },
    ]);
    expect(second.errors.map((error) => error.address)).toEqual([b.address, c.address]);
    expect(second.stats).toEqual({
      totalWallets: 3,
      scannedWallets: 1,
      failedWallets: 2,
      tokenAccounts: 2,
      splWithBalance: 1,
      zeroBalanceAccounts: 0,
      nfts: 1,
      batches: 2,
      rpcCalls: 4,
      durationMs: 125,
    });
    expect(second.done).toBe(false);
  });

  it('ends with spec 2 §8’s toast: a warning with errors or a cancel, a success otherwise', () => {
    const clean = { ...emptyFinalTruthScanReport(2), done: true };
    expect(finalTruthScanFinishedToast({ status: 'succeeded', report: clean })).toMatchObject({
      title: 'Final Truth Scan Finished',
      tone: 'success',
      durationMs: 7_000,
    });
    expect(finalTruthScanFinishedToast({ status: 'cancelled', report: clean }).tone).toBe(
      'warning',
    );
    const withErrors = { ...clean, errors: [{ address: 'x', message: 'failed' }] };
    expect(finalTruthScanFinishedToast({ status: 'succeeded', report: withErrors }).tone).toBe(
      'warning',
    );
  });
});
