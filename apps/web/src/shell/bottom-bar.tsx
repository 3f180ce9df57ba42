import { useQueryClient } from '@tanstack/react-query';
import {
  Activity,
  ArrowLeftRight,
  Eye,
  History,
  EyeOff,
  KeyRound,
  RefreshCw,
  Wallet,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { progressText } from '../features/balance-refresh/balance-refresh';
import { ActiveJobsIndicator } from '../features/jobs/active-jobs-indicator';
import { OperationsHistoryDialog } from '../features/operations/operations-history-dialog';
import { TransactionHistoryDialog } from '../features/transaction-history/transaction-history-dialog';
import {
  useBalanceRefreshState,
  useStartBalanceRefresh,
} from '../features/balance-refresh/use-balance-refresh';
import { MasterBalance } from '../features/master-wallet/master-balance';
import { masterBalanceQueryKey } from '../features/master-wallet/master-wallet-api';
import { MasterWalletDialog } from '../features/master-wallet/master-wallet-dialog';
import { useMasterWallet } from '../features/master-wallet/use-master-wallet';
import {
  toggleHideBalances,
  useDisplayPreferences,
} from '../features/preferences/display-preferences-store';
import { scanDetailsQueryKey } from '../features/scan-details/scan-details-api';
import { ScanDetailsDialog } from '../features/scan-details/scan-details-dialog';
import { useSession } from '../features/session/use-session';
import { RetryFailedButton } from '../features/sol-operations/retry-failed-dialog';
import { shortenAddress } from '../format/address';
import { useCopy } from '../ui/use-copy';
import { licenseIndicatorText } from './status-bar-view';

/**
 * The bottom bar of spec 1 §2: the active licence key, the master address (a click copies it),
 * the master balance in SOL refreshed every 10 seconds, the hide-balance toggle, Refresh,
 * Scan Details, and the Operations and Transactions histories. The wallet panel toggle belongs to the trading terminal's wallet panel (spec 3
 * §2.6: send, swap, withdraw from the active wallet) and comes with it.
 */
export function BottomBar() {
  const wallet = useMasterWallet();
  const session = useSession();
  const { hideBalances } = useDisplayPreferences();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [scanDetailsOpen, setScanDetailsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [transactionsOpen, setTransactionsOpen] = useState(false);
  const address = wallet.data?.public_address;
  const license = session.data?.license;

  const refreshState = useBalanceRefreshState();
  const startBalanceRefresh = useStartBalanceRefresh();
  // Refresh re-reads the chain for the whole fleet (spec 2 §7 scan-sol-balances), not only the
  // master: the wallet table's numbers are what an operator means by "refresh".
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: masterBalanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: scanDetailsQueryKey });
    startBalanceRefresh();
  };
  const refreshing = refreshState.status === 'running';

  return (
    <footer
      aria-label="Status bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 backdrop-blur"
    >
      <div className="mx-auto flex h-9 max-w-7xl items-center gap-3 px-4 text-xs">
        {license ? (
          <span
            className="flex items-center gap-1 text-fg-muted"
            title={`Active licence key (${license.tier})`}
            aria-label={`Active licence key ${licenseIndicatorText(license)}`}
          >
            <KeyRound className="size-3.5 text-success" aria-hidden />
            <code className="font-mono">{licenseIndicatorText(license)}</code>
          </span>
        ) : null}
        <Wallet className="size-3.5 text-fg-muted" aria-hidden />
        {address ? (
          <>
            <button
              type="button"
              onClick={() => void copy(address)}
              title={`${address} (click to copy)`}
              aria-label={`Copy master address ${address}`}
              className="rounded px-1 hover:bg-surface-sunken"
            >
              <code className="font-mono">{shortenAddress(address)}</code>
            </button>
            <MasterBalance hidden={hideBalances} />
          </>
        ) : (
          <button
            type="button"
            onClick={() => setDialogOpen(true)}
            className="text-fg-muted hover:text-fg"
          >
            {wallet.isPending
              ? 'Master wallet…'
              : wallet.isError
                ? 'Master wallet unavailable'
                : 'Set master wallet'}
          </button>
        )}
        <div className="ml-auto flex items-center gap-1">
          <ActiveJobsIndicator />
          <BarButton
            onClick={toggleHideBalances}
            label={hideBalances ? 'Show balances' : 'Hide balances'}
            pressed={hideBalances}
          >
            {hideBalances ? (
              <EyeOff className="size-3.5" aria-hidden />
            ) : (
              <Eye className="size-3.5" aria-hidden />
            )}
          </BarButton>
          {refreshing ? (
            <div
              role="progressbar"
              aria-label="Refreshing balances"
              aria-valuemin={0}
              aria-valuemax={refreshState.total}
              aria-valuenow={refreshState.processed}
              aria-valuetext={progressText(refreshState)}
              className="flex h-7 items-center gap-2 px-2 text-fg-muted"
            >
              <RefreshCw className="size-3.5 animate-spin" aria-hidden />
              <span className="tabular-nums">{progressText(refreshState)}</span>
              <span className="h-1 w-20 overflow-hidden rounded bg-surface-sunken" aria-hidden>
                <span
                  className="block h-full bg-accent"
                  style={{
                    width: `${refreshState.total === 0 ? 0 : Math.round((refreshState.processed / refreshState.total) * 100)}%`,
                  }}
                />
              </span>
            </div>
          ) : (
            <BarButton onClick={refresh} label="Refresh">
              <RefreshCw className="size-3.5" aria-hidden />
              <span>Refresh</span>
            </BarButton>
          )}
          <BarButton onClick={() => setScanDetailsOpen(true)} label="Scan Details">
            <Activity className="size-3.5" aria-hidden />
            <span>Scan Details</span>
          </BarButton>
          <BarButton onClick={() => setHistoryOpen(true)} label="Operations">
            <History className="size-3.5" aria-hidden />
            <span>Operations</span>
          </BarButton>
          <BarButton onClick={() => setTransactionsOpen(true)} label="Transactions">
            <ArrowLeftRight className="size-3.5" aria-hidden />
            <span>Transactions</span>
          </BarButton>
        </div>
      </div>
      <MasterWalletDialog open={dialogOpen} onOpenChange={setDialogOpen} />
      <ScanDetailsDialog open={scanDetailsOpen} onOpenChange={setScanDetailsOpen} />
      <TransactionHistoryDialog open={transactionsOpen} onOpenChange={setTransactionsOpen} />
      <OperationsHistoryDialog
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        actions={(operation) => (
          <RetryFailedButton
            operation={operation}
            jobDone={false}
            onStarted={() => setHistoryOpen(false)}
          />
        )}
      />
    </footer>
  );
}

function BarButton({
  onClick,
  label,
  pressed,
  children,
}: {
  readonly onClick: () => void;
  readonly label: string;
  readonly pressed?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      className="flex h-7 items-center gap-1 rounded px-2 text-fg-muted hover:bg-surface-sunken hover:text-fg"
    >
      {children}
    </button>
  );
}
