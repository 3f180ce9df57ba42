import { Gauge, History, LayoutDashboard, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { routeById, type RouteId } from '../../app/route-table';
import { shortenAddress } from '../../format/address';
import { cn } from '../../ui/cn';
import { CopyButton } from '../../ui/copy-button';
import { AuditLogPanel } from '../audit-log/audit-log-panel';
import { FeeSettingsPanel } from '../fee-settings/fee-settings-panel';
import { MasterWalletDialog } from '../master-wallet/master-wallet-dialog';
import { useMasterWallet } from '../master-wallet/use-master-wallet';
import { MasterHistoryPanel } from './master-history-panel';
import { controlCentreSection, type ControlCentreSection } from './master-history-view';
import { OverviewPanel } from './overview-panel';

const SECTIONS: readonly {
  readonly id: ControlCentreSection;
  readonly label: string;
  readonly icon: typeof History;
}[] = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard },
  { id: 'history', label: 'Master wallet history', icon: History },
  { id: 'audit', label: 'Audit log', icon: ScrollText },
  { id: 'fees', label: 'Transaction fees', icon: Gauge },
];

/** Links the Control Centre offers, shown only once their pages exist (no dead links). */
const RELATED: readonly RouteId[] = ['wallets', 'close-history'];

/** `/settings`: the Control Centre (spec 1 §2), its section kept in the URL (`?section=`). */
export function ControlCentrePage() {
  const [params, setParams] = useSearchParams();
  const section = controlCentreSection(params.get('section'));
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <aside className="flex flex-col gap-4 md:w-60 md:shrink-0">
        <h1 className="text-xl font-bold tracking-wider">Control Centre</h1>
        <nav aria-label="Control Centre" className="flex flex-col gap-1">
          {SECTIONS.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              type="button"
              aria-current={section === id ? 'page' : undefined}
              onClick={() => setParams(id === 'history' ? {} : { section: id })}
              className={cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-semibold tracking-wide text-fg-muted hover:bg-surface-sunken hover:text-fg',
                section === id && 'bg-surface-sunken text-fg',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </button>
          ))}
        </nav>
        <CurrentMaster onOpen={() => setDialogOpen(true)} />
        <RelatedLinks />
      </aside>
      <div className="min-w-0 flex-1">
        {section === 'overview' ? (
          <OverviewPanel onOpenMasterWallet={() => setDialogOpen(true)} />
        ) : section === 'audit' ? (
          <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
            <h2 id="audit-heading" className="text-lg font-bold tracking-wide">
              Audit log
            </h2>
            <p className="text-sm text-fg-muted">
              Every reveal, copy and export of private keys, every change to the master wallet, who
              joined the licence, and every sign-in, with its time and address.
            </p>
            <AuditLogPanel />
          </section>
        ) : section === 'fees' ? (
          <section aria-labelledby="fees-heading" className="flex flex-col gap-4">
            <h2 id="fees-heading" className="text-lg font-bold tracking-wide">
              Transaction fees
            </h2>
            <p className="text-sm text-fg-muted">
              Each transaction bids a price per compute unit on top of the base fee. The server sets
              that price; a cap lowers it for this licence&apos;s operations and never raises it.
            </p>
            <FeeSettingsPanel />
          </section>
        ) : (
          <section aria-labelledby="history-heading" className="flex flex-col gap-4">
            <h2 id="history-heading" className="text-lg font-bold tracking-wide">
              Master wallet history
            </h2>
            <MasterHistoryPanel />
          </section>
        )}
      </div>
      <MasterWalletDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}

function CurrentMaster({ onOpen }: { readonly onOpen: () => void }) {
  const wallet = useMasterWallet();
  const address = wallet.data?.public_address;
  return (
    <div className="rounded-md border border-border p-3 text-sm">
      <p className="text-xs font-semibold tracking-wide text-fg-muted">Current master</p>
      {address ? (
        <p className="mt-1 flex items-center gap-1">
          <button
            type="button"
            onClick={onOpen}
            className="hover:underline"
            title={address}
            aria-label={`Master wallet ${address}`}
          >
            <code className="font-mono text-xs">{shortenAddress(address)}</code>
          </button>
          <CopyButton value={address} label="Copy master address" />
        </p>
      ) : (
        <button type="button" onClick={onOpen} className="mt-1 text-xs text-accent hover:underline">
          {wallet.isPending ? 'Loading…' : wallet.isError ? 'Unavailable' : 'Not set'}
        </button>
      )}
    </div>
  );
}

function RelatedLinks() {
  const routes = RELATED.map(routeById).filter((route) => route.landed);
  if (routes.length === 0) return null;
  return (
    <nav aria-label="Related" className="flex flex-col gap-1 text-sm">
      {routes.map((route) => (
        <Link key={route.id} to={route.path} className="text-accent hover:underline">
          {route.title}
        </Link>
      ))}
    </nav>
  );
}
