import { Outlet } from 'react-router';
import { AssetScanHost } from '../features/asset-scan/asset-scan-host';
import { BannerHost } from '../features/notifications/banner-host';
import { ModalHost } from '../features/notifications/modal-host';
import { useIsSignedIn } from '../features/session/use-session';
import { FinalTruthScanHost } from '../features/scans/final-truth-scan-host';
import { OperationProgressHost } from '../features/sol-operations/operation-progress-host';
import { DeepScanHost } from '../features/sync-scans/deep-scan-host';
import { QuickRefreshHost } from '../features/sync-scans/quick-refresh-host';
import { VerifyHost } from '../features/sync-scans/verify-host';
import { TokenBurnHost } from '../features/token-burns/token-burn-host';
import { TokenCloseHost } from '../features/token-closes/token-close-host';
import { SplTransferProgressHost } from '../features/token-transfers/spl-transfer-progress-host';
import { cn } from '../ui/cn';
import { BottomBar } from './bottom-bar';
import { Header } from './header';

export function AppLayout() {
  const signedIn = useIsSignedIn();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <BannerHost />
      <main className={cn('flex flex-1 flex-col', signedIn && 'pb-9')}>
        <Outlet />
      </main>
      {signedIn ? <BottomBar /> : null}
      {signedIn ? <OperationProgressHost /> : null}
      {signedIn ? <TokenCloseHost /> : null}
      {signedIn ? <TokenBurnHost /> : null}
      {signedIn ? <SplTransferProgressHost /> : null}
      {signedIn ? <AssetScanHost /> : null}
      {signedIn ? <FinalTruthScanHost /> : null}
      {signedIn ? <QuickRefreshHost /> : null}
      {signedIn ? <DeepScanHost /> : null}
      {signedIn ? <VerifyHost /> : null}
      <ModalHost />
    </div>
  );
}
