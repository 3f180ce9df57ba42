import type { ScanAssetsResponse } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { progressPercent, progressText, shownTokens } from './asset-scan-view';

const result = (tokenCount: number): ScanAssetsResponse => ({
  tokens: Array.from({ length: tokenCount }, (_, i) => ({
    id: `Mint${String(i).padStart(40, '0')}`,
    name: i === 0 ? 'First' : null,
    symbol: i === 1 ? 'SYM' : null,
    logoUrl: null,
    type: i === 2 ? 'cnft' : 'spl',
    decimals: i === 2 ? 0 : 6,
    balance_str: '1234567',
    holders: 3,
  })),
  holdersByMint: {},
  stats: {
    walletsScanned: 10,
    walletsFailed: 2,
    walletsTruncated: 0,
    assets: 130,
    fungible: 120,
    nfts: 4,
    compressedNfts: 6,
    classesStored: 124,
    rpcCalls: 10,
    durationMs: 2500,
  },
  errors: [],
  logMessages: [],
});

describe('the GetAssets dialog view', () => {
  it('shows the first 120 tokens and counts the rest', () => {
    const { rows, hiddenCount } = shownTokens(result(130));
    expect(rows).toHaveLength(120);
    expect(hiddenCount).toBe(10);
    expect(rows[0]).toMatchObject({ label: 'First', type: 'SPL', balance: '1.234567' });
    expect(rows[1]?.label).toBe('SYM');
    expect(rows[2]).toMatchObject({ label: 'Mint…0002', type: 'cNFT', balance: '1,234,567' });
  });

  it('says where the scan is and what it found', () => {
    expect(progressText({ kind: 'running', processed: 0, total: null })).toBe('Starting the scan…');
    expect(progressText({ kind: 'running', processed: 50, total: 200 })).toBe(
      'Scanned 50 of 200 wallet(s)',
    );
    expect(progressPercent({ kind: 'running', processed: 50, total: 200 })).toBe(25);
    expect(progressText({ kind: 'complete', result: result(3) })).toBe(
      'Scanned 10 wallet(s), 2 failed: 120 token(s), 4 NFT(s), 6 compressed NFT(s) in 2.5 s',
    );
  });
});
