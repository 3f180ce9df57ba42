import type { ScanPreviewResponse } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  currentScan,
  IDLE_SCAN,
  importBlocker,
  lastScannedWallets,
  scanFailed,
  scanFinished,
  scanRunning,
  walletSetKey,
} from './scan-state';

const A = 'A'.repeat(43) + '1';
const B = 'B'.repeat(43) + '2';
const C = 'C'.repeat(43) + '3';

function preview(
  wallets: { address: string; ok: boolean }[],
  failedAddresses: string[] = [],
): ScanPreviewResponse {
  return {
    publicAddresses: wallets.map((wallet) => wallet.address),
    wallets: wallets.map((wallet) => ({
      address: wallet.address,
      ok: wallet.ok,
      lamports: wallet.ok ? '1500000000' : null,
      tokenAccounts: wallet.ok ? 2 : 0,
      error: wallet.ok ? null : 'timeout',
    })),
    tokens: [],
    holdersByMint: {},
    stats: {
      endpoints: 1,
      endpointHits: {},
      endpointErrors: {},
      endpoint429s: {},
      durationMs: 10,
      throughputWalletsPerMin: 100,
      failedAddresses,
    },
    error: null,
  };
}

describe('the import scan state', () => {
  it('identifies a set of wallets regardless of order and repeats', () => {
    expect(walletSetKey([B, A, A])).toBe(walletSetKey([A, B]));
    expect(walletSetKey([A])).not.toBe(walletSetKey([A, B]));
  });

  it('succeeds only when every wallet of the set was read', () => {
    const scan = scanFinished(
      [A, B],
      preview([
        { address: A, ok: true },
        { address: B, ok: true },
      ]),
    );
    expect(scan.status).toBe('success');
    expect(lastScannedWallets(scan).get(A)?.lamports).toBe('1500000000');
  });

  it('goes to error naming the wallets that failed, were reported failed, or were left out', () => {
    const scan = scanFinished(
      [A, B, C],
      preview(
        [
          { address: A, ok: true },
          { address: B, ok: false },
        ],
        [],
      ),
    );
    expect(scan.status === 'error' && scan.message).toBe(`Scan failed for 2 wallet(s): ${B}, ${C}`);
    const reported = scanFinished([A], preview([{ address: A, ok: true }], [A]));
    expect(reported.status === 'error' && reported.message).toBe(
      `Scan failed for 1 wallet(s): ${A}`,
    );
    // What the partial scan did read stays visible.
    expect(lastScannedWallets(scan).get(A)?.ok).toBe(true);
  });

  it('reads as idle again once the set of wallets changes after a scan', () => {
    const scan = scanFinished(
      [A, B],
      preview([
        { address: A, ok: true },
        { address: B, ok: true },
      ]),
    );
    expect(currentScan(scan, [B, A]).status).toBe('success');
    expect(currentScan(scan, [A]).status).toBe('idle');
    expect(currentScan(scan, [A, B, C]).status).toBe('idle');
    expect(currentScan(scanFailed([A], 'down'), [B]).status).toBe('idle');
    expect(currentScan(scanRunning([A]), [A, B])).toBe(IDLE_SCAN);
  });
});

describe('Import is allowed', () => {
  const scanned = scanFinished(
    [A, B],
    preview([
      { address: A, ok: true },
      { address: B, ok: true },
    ]),
  );

  it('only with a selection', () => {
    expect(importBlocker([], scanned)).toBe('Select at least one wallet to import.');
  });

  it('only after a scan of the selected wallets', () => {
    expect(importBlocker([A, B], IDLE_SCAN)).toBe('Run the asset scan before importing.');
    expect(importBlocker([A], scanned)).toBe('Run the asset scan before importing.');
  });

  it('not while the scan runs', () => {
    expect(importBlocker([A, B], scanRunning([A, B]))).toBe('Scan pending for 2 wallet(s).');
  });

  it('not while the scan has errors', () => {
    expect(importBlocker([A], scanFailed([A], 'Preview scan failed (HTTP 502)'))).toBe(
      'Resolve asset scan errors before importing.',
    );
  });

  it('once the scan succeeded for exactly the selected wallets', () => {
    expect(importBlocker([B, A], scanned)).toBeNull();
  });
});
