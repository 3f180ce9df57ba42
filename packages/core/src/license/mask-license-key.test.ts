import { describe, expect, it } from 'vitest';
import { maskLicenseKey } from './mask-license-key';

describe('maskLicenseKey', () => {
  it('keeps the prefix, the first and the last group of an issued key and hides the rest', () => {
    expect(maskLicenseKey('FLEET-ABCDE-FGHJK-MNPQR-VWXYZ')).toBe('FLEET-ABCDE-•••••-•••••-VWXYZ');
  });

  it('gives the same answer for a key that is already masked', () => {
    const masked = maskLicenseKey('FLEET-0123A-4567B-89CDE-FGHJK');
    expect(maskLicenseKey(masked)).toBe(masked);
  });

  it('never shows a middle group, whatever the number of groups', () => {
    expect(maskLicenseKey('FLEET-AAAA-BBBB-CCCC')).toBe('FLEET-AAAA-••••-CCCC');
    expect(maskLicenseKey('AAAA-BBBB-CCCC-DDDD')).toBe('AAAA-••••-••••-DDDD');
    expect(maskLicenseKey(' FLEET-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE ')).toBe(
      'FLEET-AAAAA-•••••-•••••-•••••-EEEEE',
    );
  });

  it('hides half of a key in another shape, and all of a short one', () => {
    expect(maskLicenseKey('abcdefghijklmnopqrstuvwxyz')).toBe('abcdef••••••••••••••uvwxyz');
    expect(maskLicenseKey('FLEET-NOPE')).toBe('••••••••••');
    expect(maskLicenseKey('FLEET-AAAA-BBBB')).toBe('•••••••••••••••');
    expect(maskLicenseKey('')).toBe('');
  });
});
