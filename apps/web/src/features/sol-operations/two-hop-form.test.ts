import type { DoubleDistributionProgress } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  strandedMiddlemen,
  twoHopCounts,
  twoHopProgressLine,
  twoHopRequest,
  twoHopTally,
} from './two-hop-form';

describe('the two-hop request', () => {
  it('turns the typed SOL into exact lamports for every destination', () => {
    const built = twoHopRequest(['D1', 'D2'], '0.1');
    expect(built?.request.recipients).toEqual([
      { destination: 'D1', amountLamports: '100000000' },
      { destination: 'D2', amountLamports: '100000000' },
    ]);
    expect(built?.totalText).toBe('0.2 SOL');
  });

  it('is not ready with a zero amount or no destination', () => {
    expect(twoHopRequest(['D1'], '0')).toBeNull();
    expect(twoHopRequest(['D1'], '')).toBeNull();
    expect(twoHopRequest([], '1')).toBeNull();
  });
});

describe('two-hop progress', () => {
  const result = (status: 'forwarded' | 'failed' | 'pending', held: string | null) => ({
    destination: `D-${status}`,
    middleman: `M-${status}`,
    status,
    amountLamports: '100',
    signature: null,
    error: null,
    middlemanLamports: held,
  });
  const progress: DoubleDistributionProgress = {
    endpoint: null,
    processedItems: 3,
    totalItems: 3,
    results: [result('forwarded', null), result('failed', '100005000'), result('pending', '0')],
    isDone: true,
    status: 'cancelled',
    operationId: '00000000-0000-4000-8000-000000000001',
  };

  it('lists the middlemen still holding SOL, with their balance', () => {
    expect(strandedMiddlemen(progress)).toEqual([
      { middleman: 'M-failed', destination: 'D-failed', balance: '0.100005 SOL' },
    ]);
  });

  it('counts each status', () => {
    expect(twoHopCounts(progress)).toBe('1 forwarded, 1 failed, 1 pending');
  });

  it('counts destinations from the results, not the legs the job may count', () => {
    // The job once counted two legs per destination: the dialog reads the results instead.
    const legs = { ...progress, processedItems: 4, totalItems: 6 };
    expect(twoHopTally(legs)).toEqual({
      forwarded: 1,
      failed: 1,
      pending: 1,
      settled: 2,
      total: 3,
    });
    expect(twoHopProgressLine(legs)).toBe('2 / 3 destinations · cancelled');
  });
});
