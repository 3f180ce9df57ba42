import { describe, expect, it } from 'vitest';
import { durationText, percentOf, shownLogLines, statusLine } from './sync-scan-view';

describe('the sync scans’ figures', () => {
  it('write durations in seconds, then minutes', () => {
    expect(durationText(0)).toBe('0.0 s');
    expect(durationText(59.94)).toBe('59.9 s');
    expect(durationText(125)).toBe('2 min 5 s');
    expect(durationText(Number.NaN)).toBe('—');
    expect(durationText(-1)).toBe('—');
  });

  it('count whole percents, an empty finished job as complete', () => {
    expect(percentOf(1, 3, false)).toBe(33);
    expect(percentOf(5, 3, false)).toBe(100);
    expect(percentOf(0, 0, false)).toBe(0);
    expect(percentOf(0, 0, true)).toBe(100);
  });

  it('keep the newest 50 log lines, oldest first', () => {
    const logs = Array.from({ length: 60 }, (_, index) => `line ${index}`);
    const shown = shownLogLines(logs);
    expect(shown).toHaveLength(50);
    expect(shown[0]).toBe('line 10');
    expect(shown.at(-1)).toBe('line 59');
  });

  it('say the job’s own words, its status, or that it is cancelling', () => {
    const base = { status: 'running' as const, done: false, cancelRequested: false };
    expect(statusLine({ ...base, statusMessage: 'Batch 2 of 5' })).toBe('Batch 2 of 5');
    expect(statusLine({ ...base, statusMessage: '' })).toBe('Scanning');
    expect(statusLine({ ...base, statusMessage: 'Batch 2', cancelRequested: true })).toBe(
      'Cancelling…',
    );
    expect(
      statusLine({ status: 'cancelled', done: true, cancelRequested: true, statusMessage: '' }),
    ).toBe('Cancelled');
  });
});
