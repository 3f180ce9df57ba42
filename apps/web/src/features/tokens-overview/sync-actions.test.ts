import { describe, expect, it } from 'vitest';
import { TOKENS_SYNC_ACTIONS, syncMenuItems } from './sync-actions';

describe('the Sync menu', () => {
  it('offers only the scans whose dialogs exist, in the spec’s order', () => {
    const open = () => undefined;
    expect(syncMenuItems({ verify: open, 'final-truth': open })).toEqual([
      { kind: 'final-truth', label: 'Final Truth Scan' },
      { kind: 'verify', label: 'Verify' },
    ]);
    expect(
      syncMenuItems({
        'final-truth': open,
        getassets: open,
        'quick-refresh': open,
        'deep-scan': open,
        verify: open,
      }).map((item) => item.label),
    ).toEqual(['Final Truth Scan', 'GetAssets Scan', 'Quick Refresh', 'Deep Scan', 'Verify']);
  });

  it('offers nothing while no scan dialog has landed', () => {
    expect(syncMenuItems({})).toEqual([]);
  });

  it('offers every scan of spec 2 §2.4, now that all their dialogs have landed', () => {
    expect(syncMenuItems(TOKENS_SYNC_ACTIONS).map((item) => item.label)).toEqual([
      'Final Truth Scan',
      'GetAssets Scan',
      'Quick Refresh',
      'Deep Scan',
      'Verify',
    ]);
  });
});
