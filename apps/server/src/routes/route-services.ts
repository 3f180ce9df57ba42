import type { ChainConfig } from '@fleet/core';
import type { BalanceRefreshService } from '../balances/balance-refresh-service';
import type { RequireAdmin } from '../admin/require-admin';
import type { LicenseService } from '../admin/license-service';
import type { AuditLog } from '../audit/audit-log';
import type { AuditLogReader } from '../audit/audit-log-reader';
import type { IdentityService } from '../auth/identity-service';
import type { JoinFeed } from '../auth/join-feed';
import type { SessionCookies } from '../auth/session-cookie';
import type { SessionStore } from '../auth/session-store';
import type { MasterHistoryKeys } from '../master-wallet/master-history-keys';
import type { MasterHoldingsReader } from '../master-wallet/master-holdings';
import type { MasterWalletService } from '../master-wallet/master-wallet-service';
import type { GroupsService } from '../organize/groups-service';
import type { SearchService } from '../organize/search-service';
import type { TagsService } from '../organize/tags-service';
import type { WalletNamesService } from '../organize/wallet-names-service';
import type { ScanDetailsService } from '../scan-details/scan-details-service';
import type { SeedGroupService } from '../wallet-import/seed-group-service';
import type { WalletImportService } from '../wallet-import/wallet-import-service';
import type { WalletKeysService } from '../wallets/wallet-keys-service';
import type { WalletLifecycleService } from '../wallets/wallet-lifecycle-service';
import type { WalletListService } from '../wallets/wallet-list-service';

/** What routes may call: services, never the database directly. */
export interface RouteServices {
  readonly sessions: SessionStore;
  readonly sessionCookies: SessionCookies;
  readonly identity: IdentityService;
  readonly joinFeed: JoinFeed;
  readonly licenses: LicenseService;
  readonly requireAdmin: RequireAdmin;
  readonly masterWallet: MasterWalletService;
  readonly masterHoldings: MasterHoldingsReader;
  readonly masterHistoryKeys: MasterHistoryKeys;
  readonly walletImport: WalletImportService;
  readonly seedGroups: SeedGroupService;
  readonly scanDetails: ScanDetailsService;
  readonly audit: AuditLog;
  readonly auditReader: AuditLogReader;
  readonly walletList: WalletListService;
  readonly walletLifecycle: WalletLifecycleService;
  readonly walletKeys: WalletKeysService;
  readonly tags: TagsService;
  readonly groups: GroupsService;
  readonly walletNames: WalletNamesService;
  readonly search: SearchService;
  readonly balanceRefresh: BalanceRefreshService;
  /** Which cluster the RPC pool reads (for explorer links); not a service, a fixed fact. */
  readonly chainConfig: ChainConfig;
}
