import { isFleetError } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor';

const ID = '0b5c7a52-2f0e-4a8e-9d36-3f1f5a6b7c8d';
const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function refusal(text: string): unknown {
  try {
    decodeHistoryCursor(text);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the master wallet history cursor', () => {
  it('reads back what it wrote', () => {
    const cursor = { createdAt: new Date('2026-03-04T05:06:07.089Z'), id: ID };
    expect(decodeHistoryCursor(encodeHistoryCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['a year JavaScript reaches and Postgres does not parse', `+275760-09-13T00:00:00.000Z|${ID}`],
    ['a six-digit year', `+010000-01-01T00:00:00.000Z|${ID}`],
    ['a negative year', `-000001-01-01T00:00:00.000Z|${ID}`],
    ['year zero', `0000-01-01T00:00:00.000Z|${ID}`],
    ['a date JavaScript cannot read', `300000-01-01|${ID}`],
    ['a day that does not exist', `2026-02-30T00:00:00.000Z|${ID}`],
    ['a date in another form', `March 7, 2026|${ID}`],
    ['an id that is not a uuid', '2026-03-04T05:06:07.089Z|42'],
    ['a third part', `2026-03-04T05:06:07.089Z|${ID}|x`],
    ['nothing', ''],
  ])('refuses %s as "Invalid history cursor"', (_case, text) => {
    const error = refusal(cursorOf(text));
    expect(isFleetError(error, 'MASTER_WALLET__INVALID_HISTORY_CURSOR')).toBe(true);
    expect((error as Error).message).toBe('Invalid history cursor');
  });
});
