import { QuickRefreshDialog } from './quick-refresh-dialog';
import { closeQuickRefresh, useQuickRefreshRequest } from './quick-refresh-store';

/** The Quick Refresh dialog, mounted once in the app shell for whichever page opened it. */
export function QuickRefreshHost() {
  const request = useQuickRefreshRequest();
  if (!request) return null;
  return <QuickRefreshDialog key={request.id} onClose={closeQuickRefresh} />;
}
