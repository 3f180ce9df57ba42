import { describe, expect, it } from 'vitest';
import { createScanActivity } from './scan-activity';

describe('scan activity', () => {
  it('keeps only the newest lines, oldest first, per tenant', () => {
    const activity = createScanActivity({ maxLines: 3, now: () => new Date(0) });
    const log = activity.listener('tenant-a');
    for (const n of [1, 2, 3, 4, 5]) log({ type: 'log', level: 'info', message: `line ${n}` });
    log({ type: 'progress', done: 1, failed: 0, total: 1, concurrency: 4 });

    expect(activity.snapshot('tenant-a').logs.map((line) => line.message)).toEqual([
      'line 3',
      'line 4',
      'line 5',
    ]);
    expect(activity.snapshot('tenant-b')).toEqual({ lastScan: null, logs: [] });
  });

  it('holds 300 lines by default (spec 1 §9)', () => {
    const activity = createScanActivity();
    const log = activity.listener('tenant');
    for (let n = 0; n < 450; n++) log({ type: 'log', level: 'warn', message: `${n}` });
    const { logs } = activity.snapshot('tenant');
    expect(logs).toHaveLength(300);
    expect(logs[0]?.message).toBe('150');
    expect(logs.at(-1)?.message).toBe('449');
  });
});
