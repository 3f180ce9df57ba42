import { describe, expect, it } from 'vitest';
import { relativeTime, scanAgeText } from './relative-time';

describe('relative times', () => {
  it('says how long ago in s, m, h or d, and a dash for an unreadable time', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('30s ago');
    expect(relativeTime('2026-11-22T11:15:00Z', now)).toBe('45m ago');
    expect(relativeTime('2026-11-22T02:00:00Z', now)).toBe('10h ago');
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toBe('3d ago');
    expect(relativeTime('2026-11-22T12:00:10Z', now)).toBe('0s ago');
    expect(relativeTime('not a date', now)).toBe('—');
  });

  it("says how old a wallet's numbers are, and Never for a wallet never scanned", () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    expect(scanAgeText('2026-11-25T11:58:00.000Z', now)).toBe('scanned 2m ago');
    expect(scanAgeText('2026-11-25T11:59:59.000Z', now)).toBe('scanned 1s ago');
    expect(scanAgeText('2026-11-23T12:00:00.000Z', now)).toBe('scanned 2d ago');
    expect(scanAgeText(null, now)).toBe('Never');
    expect(scanAgeText('not a time', now)).toBe('—');
  });
});
