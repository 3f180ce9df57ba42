import { Tabs } from '../../ui/tabs';
import { ArchiveTab } from '../archive/archive-tab';
import { GroupsTab } from '../groups/groups-tab';
import { SeedsTab } from '../seed-vaults/seeds-tab';
import { WalletListTab } from './wallet-list-tab';
import { useWalletView } from '../wallet-list/wallet-view-context';
import { WalletViewProvider } from '../wallet-list/wallet-view-provider';
import { parseTab } from '../wallet-list/wallets-storage';

/**
 * `/wallets` (spec 2 §2.1): List, Seeds, Groups and Archive, the last tab remembered. The
 * provider around the tabs owns the list state and offers `useWalletSelection()` to features
 * mounted inside the page (the Toolkit).
 */
export function WalletsPage() {
  return (
    <WalletViewProvider>
      <WalletsTabs />
    </WalletViewProvider>
  );
}

function WalletsTabs() {
  const view = useWalletView();
  return (
    <div className="mx-auto flex w-full max-w-[1600px] flex-col gap-4 px-4 py-6">
      <h1 className="text-xl font-bold tracking-wider">Wallets</h1>
      <Tabs
        label="Wallet views"
        value={view.tab}
        onValueChange={(value) => view.setTab(parseTab(value))}
        tabs={[
          { value: 'list', label: 'List', content: <WalletListTab /> },
          {
            value: 'seeds',
            label: 'Seeds',
            content: <SeedsTab wallets={view.allWallets} solPriceUsd={view.solPriceUsd} />,
          },
          { value: 'groups', label: 'Groups', content: <GroupsTab /> },
          { value: 'archive', label: 'Archive', content: <ArchiveTab /> },
        ]}
      />
    </div>
  );
}
