import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  errorLine,
  inlineError,
  isGoneJob,
  pollFailedError,
  runningSyncScanOf,
  serverText,
  startFailedError,
} from './sync-scan-messages';

const JOB = '11111111-2222-4333-8444-555555555555';

describe('the sync scans’ error messages', () => {
  it('take the server’s sentence, its status, or the network’s reason', () => {
    expect(serverText(new ApiError(400, JSON.stringify({ error: 'Bad jobId', code: 'X' })))).toBe(
      'Bad jobId',
    );
    expect(serverText(new ApiError(502, '<html>gateway</html>'))).toBe('HTTP 502');
    expect(serverText(new NetworkError('Failed to fetch'))).toBe('Failed to fetch');
    expect(serverText(new NetworkError(''))).toBeNull();
    // An answer outside the contract has no reason worth showing.
    expect(serverText(new TypeError('Expected string'))).toBeNull();
  });

  it('write "Failed to start scan: …" with the reason inline, or as a sentence without one', () => {
    expect(startFailedError(new ApiError(503, JSON.stringify({ error: 'No RPC' })))).toEqual({
      message: 'Failed to start scan: No RPC',
      detail: null,
    });
    expect(startFailedError(new TypeError('x'))).toEqual({
      message: 'Failed to start scan.',
      detail: null,
    });
    expect(inlineError('Failed to perform scan', '  ')).toEqual({
      message: 'Failed to perform scan.',
      detail: null,
    });
  });

  it('tell a refused poll from one that got no answer', () => {
    expect(pollFailedError(new ApiError(500, JSON.stringify({ error: 'Boom' })))).toEqual({
      message: 'Failed to fetch progress',
      detail: 'Boom',
    });
    expect(pollFailedError(new NetworkError('offline'))).toEqual({
      message: 'Error polling progress',
      detail: 'offline',
    });
  });

  it('know a job that is gone', () => {
    expect(isGoneJob(new ApiError(404, ''))).toBe(true);
    expect(isGoneJob(new ApiError(500, ''))).toBe(false);
    expect(isGoneJob(null)).toBe(false);
  });

  it('read the running scan’s job from a 409, and nothing else', () => {
    const body = JSON.stringify({
      error: 'A scan of this kind is already running',
      code: 'SCAN__SYNC_RUNNING',
      jobId: JOB,
    });
    expect(runningSyncScanOf(new ApiError(409, body))).toBe(JOB);
    expect(runningSyncScanOf(new ApiError(400, body))).toBeNull();
    expect(runningSyncScanOf(new ApiError(409, 'not json'))).toBeNull();
    expect(
      runningSyncScanOf(
        new ApiError(409, JSON.stringify({ error: 'x', code: 'SCAN__SYNC_FINISHED', jobId: JOB })),
      ),
    ).toBeNull();
    expect(runningSyncScanOf(new Error('x'))).toBeNull();
  });
});

describe('a sync scan failure in one line', () => {
  it('puts the reason after the spec’s sentence, with a full stop between when it has none', () => {
    expect(errorLine({ message: 'Failed to scan wallets.', detail: 'RPC down' })).toBe(
      'Failed to scan wallets. RPC down',
    );
    expect(errorLine({ message: 'Scan completed with errors', detail: '2 failed' })).toBe(
      'Scan completed with errors. 2 failed',
    );
    expect(errorLine({ message: 'Failed to perform scan.', detail: null })).toBe(
      'Failed to perform scan.',
    );
  });
});
