import { describe, expect, it } from 'vitest';
import { longestFirst, readRecordedDurations } from './test-sequencer';

describe('the longest-first test order', () => {
  const seconds: Record<string, number> = { walk: 165, crash: 81, small: 2, tiny: 0.4 };

  it('starts the longest file first and the shortest last', () => {
    expect(longestFirst(['tiny', 'walk', 'small', 'crash'], (file) => seconds[file])).toEqual([
      'walk',
      'crash',
      'small',
      'tiny',
    ]);
  });

  it('puts files with no recorded duration before all others, in their given order', () => {
    expect(longestFirst(['small', 'new-a', 'walk', 'new-b'], (file) => seconds[file])).toEqual([
      'new-a',
      'new-b',
      'walk',
      'small',
    ]);
  });

  it('reads the committed durations as seconds per file path', () => {
    const recorded = readRecordedDurations();
    expect(Object.keys(recorded)).toContain('apps/server/src/bad-input-walk.test.ts');
    for (const value of Object.values(recorded)) expect(value).toBeGreaterThanOrEqual(0);
  });
});
