import { describe, expect, it } from 'vitest';
import { licenseIndicatorText, shortenLicenseKey } from './status-bar-view';

describe('status bar view', () => {
  it('shortens a licence key to its prefix, first and last group', () => {
    expect(shortenLicenseKey('FLEET-ABCDE-FGHJK-MNPQR-VWXYZ')).toBe('FLEET-ABCDE…VWXYZ');
    expect(shortenLicenseKey('SHORTKEY')).toBe('SHORTKEY');
    expect(shortenLicenseKey('abcdefghijklmnopqrstuvwxyz')).toBe('abcdef…vwxyz');
  });

  it('labels the active key with its tier', () => {
    expect(licenseIndicatorText({ key: 'FLEET-ABCDE-FGHJK-MNPQR-VWXYZ', tier: 'pro' })).toBe(
      'FLEET-ABCDE…VWXYZ · pro',
    );
  });
});
