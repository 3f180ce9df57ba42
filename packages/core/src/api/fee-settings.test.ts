import { describe, expect, it } from 'vitest';
import {
  checkUnitPriceCap,
  feeSettingsSchema,
  MAX_MICRO_LAMPORTS_PER_UNIT,
  updateFeeSettingsRequestSchema,
} from './fee-settings';

/** The code of a refused cap, or the cap read. */
function outcome(text: string | null): string | bigint | null {
  const check = checkUnitPriceCap(text);
  return check.ok ? check.value : check.error.code;
}

describe('A tenant fee cap', () => {
  it('is read from a decimal string, 0 to the limit, and null clears it', () => {
    expect(outcome('0')).toBe(0n);
    expect(outcome('5000')).toBe(5_000n);
    expect(outcome('1000000')).toBe(MAX_MICRO_LAMPORTS_PER_UNIT);
    expect(outcome('0001000000')).toBe(1_000_000n);
    expect(outcome('000')).toBe(0n);
    expect(outcome(null)).toBeNull();
  });

  it('refuses anything that is not a whole number of micro-lamports as FEE_CAP__INVALID', () => {
    for (const text of ['', ' 5000', '5000 ', '-1', '+5', '1.5', '1e3', '0x10', 'NaN', '5 000']) {
      expect(outcome(text), JSON.stringify(text)).toBe('FEE_CAP__INVALID');
    }
    const check = checkUnitPriceCap('abc');
    expect(check.ok ? null : check.error.message).toBe(
      'The fee cap must be a whole number of micro-lamports per compute unit (0 or more)',
    );
  });

  it('refuses a cap above 1,000,000 as FEE_CAP__ABOVE_LIMIT, however many digits it has', () => {
    for (const text of ['1000001', '99999999', '18446744073709551616', '9'.repeat(100_000)]) {
      expect(outcome(text), text.slice(0, 30)).toBe('FEE_CAP__ABOVE_LIMIT');
    }
    const check = checkUnitPriceCap('1000001');
    expect(
      check.ok ? null : { message: check.error.message, context: check.error.context },
    ).toEqual({
      message: 'The fee cap must be at most 1,000,000 micro-lamports per compute unit',
      context: { limit: '1000000' },
    });
  });
});

describe('The fee settings contract', () => {
  it('takes the cap as a string or null, and nothing else', () => {
    expect(updateFeeSettingsRequestSchema.parse({ maxMicroLamportsPerUnit: '2000' })).toEqual({
      maxMicroLamportsPerUnit: '2000',
    });
    expect(updateFeeSettingsRequestSchema.parse({ maxMicroLamportsPerUnit: null })).toEqual({
      maxMicroLamportsPerUnit: null,
    });
    for (const body of [{}, { maxMicroLamportsPerUnit: 2000 }, { maxMicroLamportsPerUnit: true }]) {
      const parsed = updateFeeSettingsRequestSchema.safeParse(body);
      expect(parsed.success, JSON.stringify(body)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        'Must be a decimal string, or null to remove the cap',
      );
    }
  });

  it('answers every price as a u64 string, the cap possibly null', () => {
    const settings = {
      serverMicroLamportsPerUnit: '5000',
      maxMicroLamportsPerUnit: null,
      effectiveMicroLamportsPerUnit: '5000',
      limit: '1000000',
    };
    expect(feeSettingsSchema.parse(settings)).toEqual(settings);
    expect(
      feeSettingsSchema.safeParse({ ...settings, effectiveMicroLamportsPerUnit: 5000 }).success,
    ).toBe(false);
    expect(
      feeSettingsSchema.safeParse({ ...settings, maxMicroLamportsPerUnit: '-1' }).success,
    ).toBe(false);
  });
});
