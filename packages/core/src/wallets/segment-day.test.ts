import { describe, expect, it } from 'vitest';
import { localDayKey, segmentForToday } from './segment-day';

describe('segment kept for the calendar day (spec 2 §4)', () => {
  it('keeps a segment stored today', () => {
    expect(segmentForToday('2026-11-22', 'trader', '2026-11-22')).toBe('trader');
    expect(segmentForToday('2026-11-22', 'seed:abc', '2026-11-22')).toBe('seed:abc');
  });

  it('resets to nonEmpty on a new day, when nothing was stored, or when the value is not a segment', () => {
    expect(segmentForToday('2026-11-21', 'trader', '2026-11-22')).toBe('nonEmpty');
    expect(segmentForToday(null, 'trader', '2026-11-22')).toBe('nonEmpty');
    expect(segmentForToday('2026-11-22', null, '2026-11-22')).toBe('nonEmpty');
    expect(segmentForToday('2026-11-22', 'rich', '2026-11-22')).toBe('nonEmpty');
  });

  it('names the day by the local calendar', () => {
    expect(localDayKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDayKey(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});
