import { openAssetScan } from '../asset-scan/asset-scan-store';
import { openFinalTruthScan } from '../scans/final-truth-scan-request-store';
import { openDeepScan } from '../sync-scans/deep-scan-store';
import { openQuickRefresh } from '../sync-scans/quick-refresh-store';
import { openVerify } from '../sync-scans/verify-store';

/**
 * The Tokens Overview's Sync menu (spec 2 §2.5): the scans of spec 2 §2.4. Each item appears only
 * once its dialog exists, so the menu never offers a button that does nothing: a scan's feature
 * registers the function that opens its dialog in `TOKENS_SYNC_ACTIONS`, and the page passes the
 * registered ones to the menu with `onSync(kind)`.
 */
export const SYNC_KINDS = [
  'final-truth',
  'getassets',
  'quick-refresh',
  'deep-scan',
  'verify',
] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export const SYNC_LABELS: Readonly<Record<SyncKind, string>> = {
  'final-truth': 'Final Truth Scan',
  getassets: 'GetAssets Scan',
  'quick-refresh': 'Quick Refresh',
  'deep-scan': 'Deep Scan',
  verify: 'Verify',
};

/** Opens a scan's dialog; the scan acts on every active wallet unless its dialog narrows it. */
export type SyncAction = () => void;
export type SyncActions = Partial<Readonly<Record<SyncKind, SyncAction>>>;

/** The scans whose dialogs have landed, on every active wallet. */
export const TOKENS_SYNC_ACTIONS: SyncActions = Object.freeze({
  'final-truth': () => openFinalTruthScan([]),
  getassets: () => openAssetScan([]),
  'quick-refresh': openQuickRefresh,
  'deep-scan': openDeepScan,
  verify: openVerify,
});

export interface SyncMenuItem {
  readonly kind: SyncKind;
  readonly label: string;
}

/** The menu's items in spec order: only the scans that have an action. */
export function syncMenuItems(actions: SyncActions): SyncMenuItem[] {
  return SYNC_KINDS.filter((kind) => actions[kind] !== undefined).map((kind) => ({
    kind,
    label: SYNC_LABELS[kind],
  }));
}
