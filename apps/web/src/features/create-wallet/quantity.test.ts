import { describe, expect, it } from 'vitest';
import {
  clampQuantityText,
  createdDescription,
  createdTitle,
  quantityError,
  quantityFromText,
} from './quantity';

describe('create wallet quantity', () => {
  it('accepts whole numbers from 1 to 100', () => {
    expect(quantityFromText('1')).toBe(1);
    expect(quantityFromText(' 20 ')).toBe(20);
    expect(quantityFromText('100')).toBe(100);
  });

  it('refuses an empty entry with a message instead of counting it as 1', () => {
    for (const text of ['', '   ']) {
      expect(quantityFromText(text)).toBeNull();
      expect(quantityError(text)).toBe('Enter how many wallets to create, from 1 to 100');
    }
  });

  it('disables Create for entries that are not numbers or are out of range', () => {
    for (const text of ['abc', '1e2', '2.5', '-3', '0', '101', '1000']) {
      expect(quantityFromText(text)).toBeNull();
      expect(quantityError(text)).toBe('Enter a whole number from 1 to 100');
    }
    expect(quantityError('20')).toBeNull();
  });

  it('clamps numbers into range when the field is left', () => {
    expect(clampQuantityText('500')).toBe('100');
    expect(clampQuantityText('0')).toBe('1');
    expect(clampQuantityText('-4')).toBe('1');
    expect(clampQuantityText('7.9')).toBe('7');
  });

  it('leaves an empty entry empty when the field is left, so the refusal stays in view', () => {
    expect(clampQuantityText('')).toBe('');
  });

  it('leaves text that is not a number as typed, so Create stays disabled', () => {
    expect(clampQuantityText('abc')).toBe('abc');
  });

  it('titles the toast by count', () => {
    expect(createdTitle(1)).toBe('Wallet Created');
    expect(createdTitle(20)).toBe('Wallets Created');
    expect(createdDescription(1, false)).toBe('1 regular wallet was created.');
    expect(createdDescription(3, true)).toBe('3 trader wallets were created.');
  });
});
