import { DeepScanDialog } from './deep-scan-dialog';
import { closeDeepScan, useDeepScanRequest } from './deep-scan-store';

/** The Deep Scan dialog, mounted once in the app shell for whichever page opened it. */
export function DeepScanHost() {
  const request = useDeepScanRequest();
  if (!request) return null;
  return <DeepScanDialog key={request.id} onClose={closeDeepScan} />;
}
