import { describe, expect, it } from 'vitest';
import {
  formatBalance,
  formatTokenAmount,
  formatUsd,
  relativeTime,
  scanAgeText,
  splitTags,
} from './wallet-format';

describe('wallet table formatting', () => {
  it('formats USD with K and M at one decimal, and a dash while there is no price', () => {
    expect(formatUsd(null)).toBe('—');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(1_500)).toBe('$1.5K');
    expect(formatUsd(2_340_000)).toBe('$2.3M');
    expect(formatUsd(-1_500)).toBe('-$1.5K');
  });

  it('shows balances in SOL to 4 decimals or in whole lamports, by integer arithmetic', () => {
    expect(formatBalance(1_234_567_891n, 'sol')).toBe('1.2345');
    expect(formatBalance(1_234_567_891n, 'lamports')).toBe('1,234,567,891');
    expect(formatBalance(18_446_744_073_709_551_615n, 'lamports')).toBe(
      '18,446,744,073,709,551,615',
    );
  });

  it('formats raw token amounts with their decimals, cutting past 6 and dropping trailing zeros', () => {
    expect(formatTokenAmount('123456789012', 5)).toBe('1,234,567.89012');
    expect(formatTokenAmount('1000000', 6)).toBe('1');
    expect(formatTokenAmount('1234567891', 9)).toBe('1.234567');
    expect(formatTokenAmount('5', 0)).toBe('5');
    expect(formatTokenAmount('0', 6)).toBe('0');
    expect(formatTokenAmount('18446744073709551615', 9)).toBe('18,446,744,073.709551');
  });

  it('says how long ago in s, m, h or d, and a dash for an unreadable time', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('30s ago');
    expect(relativeTime('2026-11-22T11:15:00Z', now)).toBe('45m ago');
    expect(relativeTime('2026-11-22T02:00:00Z', now)).toBe('10h ago');
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toBe('3d ago');
    expect(relativeTime('2026-11-22T12:00:10Z', now)).toBe('0s ago');
    expect(relativeTime('not a date', now)).toBe('—');
  });

  it('shows at most three tags, then +N', () => {
    expect(splitTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(splitTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
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
