import { describe, expect, it } from 'vitest';
import { checkFeeCapDraft, canSaveFeeCap, feeCapDraftOf } from './fee-cap-draft';

describe('The fee cap field', () => {
  it('reads digits as the cap and an empty field as no cap', () => {
    expect(checkFeeCapDraft('2000')).toEqual({ ok: true, value: '2000' });
    expect(checkFeeCapDraft(' 2000 ')).toEqual({ ok: true, value: '2000' });
    expect(checkFeeCapDraft('007')).toEqual({ ok: true, value: '7' });
    expect(checkFeeCapDraft('0')).toEqual({ ok: true, value: '0' });
    expect(checkFeeCapDraft('   ')).toEqual({ ok: true, value: null });
  });

  it("refuses what the server would, in the server's words", () => {
    expect(checkFeeCapDraft('1,000')).toEqual({
      ok: false,
      error: 'The fee cap must be a whole number of micro-lamports per compute unit (0 or more)',
    });
    expect(checkFeeCapDraft('-5')).toMatchObject({ ok: false });
    expect(checkFeeCapDraft('1000001')).toEqual({
      ok: false,
      error: 'The fee cap must be at most 1,000,000 micro-lamports per compute unit',
    });
  });

  it('shows a stored cap as its digits and offers Save only for a valid change', () => {
    expect(feeCapDraftOf('2000')).toBe('2000');
    expect(feeCapDraftOf(null)).toBe('');
    expect(canSaveFeeCap('2000', checkFeeCapDraft('2000'))).toBe(false);
    expect(canSaveFeeCap('7', checkFeeCapDraft('007'))).toBe(false);
    expect(canSaveFeeCap(null, checkFeeCapDraft(''))).toBe(false);
    expect(canSaveFeeCap(null, checkFeeCapDraft('1'))).toBe(true);
    expect(canSaveFeeCap('1', checkFeeCapDraft(''))).toBe(true);
    expect(canSaveFeeCap('1', checkFeeCapDraft('x'))).toBe(false);
  });
});
