import { ArchivePanel } from './archive-panel';

/** The Archive tab of the wallets page: archived wallets, restorable or deletable for good. */
export function ArchiveTab() {
  return <ArchivePanel />;
}
