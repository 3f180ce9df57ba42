import { encodeBase58, type MarketRefreshBody, type MarketRefreshResponse } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  batchProgressText,
  classifyToast,
  marketRefreshBatches,
  marketRefreshToast,
  runMarketRefresh,
  type MarketRefreshProgress,
} from './token-actions-run';

// 120 distinct mints: 32 bytes each, the index in the last two.
const mints = Array.from({ length: 120 }, (_, index) => {
  const bytes = new Uint8Array(32).fill(7);
  bytes[31] = index;
  return encodeBase58(bytes);
});

describe('Refresh Market Data', () => {
  it('sends the mints in batches of 50, in order, saying which batch it is on', async () => {
    expect(marketRefreshBatches(mints).map((batch) => batch.length)).toEqual([50, 50, 20]);
    const sent: MarketRefreshBody[] = [];
    const progress: MarketRefreshProgress[] = [];
    const outcome = await runMarketRefresh(
      mints,
      (body): Promise<MarketRefreshResponse> => {
        sent.push(body);
        const unpriced = body.mints.slice(0, 1);
        return Promise.resolve({
          refreshed: body.mints.length - unpriced.length,
          unpriced,
          reasons: ['no pair on DexScreener'],
        });
      },
      (step) => progress.push(step),
    );
    expect(sent.map((body) => [body.mints.length, body.chunkSize])).toEqual([
      [50, 50],
      [50, 50],
      [20, 50],
    ]);
    expect(sent.flatMap((body) => body.mints)).toEqual(mints);
    expect(progress.map(batchProgressText)).toEqual([
      'batch 1 of 3',
      'batch 2 of 3',
      'batch 3 of 3',
    ]);
    expect(outcome).toEqual({
      mints: 120,
      refreshed: 117,
      unpriced: [mints[0], mints[50], mints[100]],
      reasons: ['no pair on DexScreener'],
    });
    expect(marketRefreshToast(outcome)).toEqual({
      title: 'Market data refreshed',
      description: '117 of 120 token(s) refreshed; 3 could not be priced (no pair on DexScreener).',
      severity: 'warning',
    });
  });

  it('stops at a failed batch and fails with its error', async () => {
    const progress: MarketRefreshProgress[] = [];
    let calls = 0;
    await expect(
      runMarketRefresh(
        mints,
        () => {
          calls += 1;
          return calls === 2
            ? Promise.reject(new Error('HTTP 502'))
            : Promise.resolve({ refreshed: 50, unpriced: [], reasons: [] });
        },
        (step) => progress.push(step),
      ),
    ).rejects.toThrow('HTTP 502');
    expect(calls).toBe(2);
    expect(progress.map(batchProgressText)).toEqual(['batch 1 of 3', 'batch 2 of 3']);
  });

  it('says every token was refreshed when none was left unpriced', () => {
    expect(marketRefreshToast({ mints: 2, refreshed: 2, unpriced: [], reasons: [] })).toEqual({
      title: 'Market data refreshed',
      description: '2 of 2 token(s) refreshed.',
      severity: 'success',
    });
  });
});

describe('Classify Tokens', () => {
  it('says what was classified, and why some were left to the decimals rule', () => {
    expect(classifyToast({ requested: 10, classified: 10, degraded: 0, reason: null })).toEqual({
      title: 'Tokens classified',
      description: '10 of 10 token(s) classified.',
      severity: 'success',
    });
    expect(
      classifyToast({
        requested: 1200,
        classified: 1000,
        degraded: 200,
        reason: 'getAssetBatch: HTTP 429',
      }),
    ).toEqual({
      title: 'Tokens classified',
      description:
        '1,000 of 1,200 token(s) classified; 200 kept the decimals rule: getAssetBatch: HTTP 429.',
      severity: 'warning',
    });
  });
});
