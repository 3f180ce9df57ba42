import { describe, expect, it } from 'vitest';
import { amountFieldLamports, filterSolAmountInput } from './amount-input';

describe('the SOL amount field', () => {
  it('keeps only digits and one decimal point', () => {
    expect(filterSolAmountInput('1a.2.3')).toBe('1.23');
    expect(filterSolAmountInput('1,5')).toBe('15');
    expect(filterSolAmountInput('1e9')).toBe('19');
  });

  it('strips leading zeros but keeps the zero before a point', () => {
    expect(filterSolAmountInput('007')).toBe('7');
    expect(filterSolAmountInput('000')).toBe('0');
    expect(filterSolAmountInput('00.5')).toBe('0.5');
    expect(filterSolAmountInput('.5')).toBe('0.5');
  });

  it('never goes below zero: a minus sign is dropped', () => {
    expect(filterSolAmountInput('-1.5')).toBe('1.5');
  });

  it('keeps at most nine decimals, one lamport', () => {
    expect(filterSolAmountInput('0.0000000019')).toBe('0.000000001');
  });

  it('reads the field to lamports exactly, empty as zero', () => {
    expect(amountFieldLamports('')).toBe(0n);
    expect(amountFieldLamports('0.1')).toBe(100_000_000n);
    expect(amountFieldLamports('1.')).toBe(1_000_000_000n);
  });
});
