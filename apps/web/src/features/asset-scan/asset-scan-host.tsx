import { AssetScanDialog } from './asset-scan-dialog';
import { closeAssetScan, useAssetScanRequest } from './asset-scan-store';

/** The GetAssets Scan dialog, mounted once in the app shell for whichever page opened it. */
export function AssetScanHost() {
  const request = useAssetScanRequest();
  if (!request) return null;
  return <AssetScanDialog key={request.id} request={request} onClose={closeAssetScan} />;
}
