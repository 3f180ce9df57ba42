import { describe, expect, it } from 'vitest';
import { parseTokenAmount } from './parse-token-amount';

describe('reading a typed token amount at its mint decimals', () => {
  it('reads whole, fractional and raw amounts exactly', () => {
    expect(parseTokenAmount('1.5', 6)).toEqual({ ok: true, raw: 1_500_000n });
    expect(parseTokenAmount('.25', 2)).toEqual({ ok: true, raw: 25n });
    expect(parseTokenAmount('7.', 0)).toEqual({ ok: true, raw: 7n });
    expect(parseTokenAmount('0', 9)).toEqual({ ok: true, raw: 0n });
    expect(parseTokenAmount('18446744073709551615', 0, 'raw')).toEqual({
      ok: true,
      raw: 18_446_744_073_709_551_615n,
    });
  });

  it('refuses more decimals than the mint has, a fraction of a raw unit, and what exceeds a u64', () => {
    expect(parseTokenAmount('1.0000001', 6)).toMatchObject({
      ok: false,
      message: 'This token has 6 decimals: the amount has more',
    });
    expect(parseTokenAmount('1.5', 6, 'raw')).toMatchObject({
      ok: false,
      reason: 'too-many-decimals',
    });
    expect(parseTokenAmount('18446744073709551616', 0, 'raw')).toMatchObject({
      reason: 'too-large',
    });
    expect(parseTokenAmount('18446744073709.551616', 6)).toMatchObject({ reason: 'too-large' });
  });

  it.each(['', '.', '-1', '1e3', '1,5', ' 1', 'abc'])('refuses %j', (text) => {
    expect(parseTokenAmount(text, 6)).toMatchObject({ ok: false, reason: 'not-a-number' });
  });
});
