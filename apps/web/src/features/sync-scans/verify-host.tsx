import { VERIFY_SCAN_JOB_KIND } from '@fleet/core';
import { syncScanDialogPlan, useKeptSyncScan } from './sync-scan-open-job';
import { VerifyDialog } from './verify-dialog';
import { closeVerify, useVerifyRequest } from './verify-store';

/**
 * The Verify dialog, mounted once in the app shell for whichever page opened it, or for the
 * running verify kept open (the bottom bar, a reload).
 */
export function VerifyHost() {
  const request = useVerifyRequest();
  const plan = syncScanDialogPlan(request, useKeptSyncScan(VERIFY_SCAN_JOB_KIND));
  if (plan.kind === 'none') return null;
  return <VerifyDialog key={plan.key} jobId={plan.jobId} onClose={closeVerify} />;
}
