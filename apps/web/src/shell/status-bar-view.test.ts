import { describe, expect, it } from 'vitest';
import { licenseIndicatorText } from './status-bar-view';

describe('status bar view', () => {
  it('labels the active key, masked, with its tier', () => {
    expect(licenseIndicatorText({ key: 'FLEET-ABCDE-•••••-•••••-VWXYZ', tier: 'pro' })).toBe(
      'FLEET-ABCDE-•••••-•••••-VWXYZ · pro',
    );
  });

  it('masks a full key that reaches it', () => {
    expect(licenseIndicatorText({ key: 'FLEET-ABCDE-FGHJK-MNPQR-VWXYZ', tier: 'basic' })).toBe(
      'FLEET-ABCDE-•••••-•••••-VWXYZ · basic',
    );
  });
});
