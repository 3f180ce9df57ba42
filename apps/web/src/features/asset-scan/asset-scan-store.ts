import { createRequestStore } from '../../ui/request-store';

/** The GetAssets scan the operator asked for (Toolkit tile, the Tokens Overview's Sync menu). */
export interface AssetScanRequest {
  readonly id: number;
  /** The wallets to scan; empty means every active wallet (the server's rule). */
  readonly publicAddresses: readonly string[];
}

const store = createRequestStore<Omit<AssetScanRequest, 'id'>>();

/** Opens the GetAssets Scan dialog, which starts the scan at once on these wallets (none: all). */
export function openAssetScan(publicAddresses: readonly string[]): void {
  store.open({ publicAddresses: [...publicAddresses] });
}

export const closeAssetScan = store.close;
export const useAssetScanRequest: () => AssetScanRequest | null = store.useRequest;
