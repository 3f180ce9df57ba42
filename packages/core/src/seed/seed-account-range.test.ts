import { describe, expect, it } from 'vitest';
import {
  maxStartIndex,
  nextPageStart,
  parseAccountCount,
  parseStartIndex,
  parseStopAfterEmpty,
  previousPageStart,
  SEED_RANGE_MESSAGES,
} from './seed-account-range';

describe('the seed preview range', () => {
  it.each(['1', '20', ' 100 ', '007'])('takes %j accounts to derive', (text) => {
    expect(parseAccountCount(text)).toEqual({ ok: true, value: Number(text.trim()) });
  });

  it.each(['0', '101', '1000', '-5', '7.9', '1e2', '', 'abc', '+5'])(
    'says that %j accounts to derive is out of range instead of changing it',
    (text) => {
      expect(parseAccountCount(text)).toEqual({
        ok: false,
        message: 'Accounts to derive must be a whole number from 1 to 100.',
      });
    },
  );

  it('takes a start index that leaves room for the page below 2^31', () => {
    expect(parseStartIndex('0', 20)).toEqual({ ok: true, value: 0 });
    expect(parseStartIndex('2147483548', 100)).toEqual({ ok: true, value: 2_147_483_548 });
    expect(parseStartIndex('2147483549', 100)).toEqual({
      ok: false,
      message: SEED_RANGE_MESSAGES.startIndex(2_147_483_548),
    });
    expect(parseStartIndex('-1', 20)).toEqual({
      ok: false,
      message: 'Start index must be a whole number from 0 to 2147483628.',
    });
  });

  it('takes a stop-after-empty run from 1 to the most accounts a run derives', () => {
    expect(parseStopAfterEmpty('10', 100)).toEqual({ ok: true, value: 10 });
    expect(parseStopAfterEmpty('0', 100)).toEqual({
      ok: false,
      message: 'Stop after empty accounts must be a whole number from 1 to 100.',
    });
    expect(parseStopAfterEmpty('101', 100).ok).toBe(false);
  });

  it('pages forward and back by the page size, never below 0 or past the last index', () => {
    expect(nextPageStart(0, 100)).toBe(100);
    expect(nextPageStart(100, 100)).toBe(200);
    expect(previousPageStart(200, 100)).toBe(100);
    expect(previousPageStart(30, 100)).toBe(0);
    expect(previousPageStart(0, 100)).toBeNull();
    expect(nextPageStart(maxStartIndex(100), 100)).toBeNull();
    expect(nextPageStart(maxStartIndex(100) - 100, 100)).toBe(maxStartIndex(100));
  });
});
