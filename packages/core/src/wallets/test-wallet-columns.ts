import type { SlimWalletListResponse, WalletSource } from '../api/wallet-columns';
import type { SlimWallet, WalletSummary } from '../api/wallets';

/** The columnar answer for `wallets`, as the server writes it: a test fixture builder. */
export function slimWalletColumns(
  wallets: readonly SlimWallet[],
  extra: { readonly version?: string; readonly summary?: WalletSummary } = {},
): SlimWalletListResponse {
  const batches: string[] = [];
  const sources: WalletSource[] = [];
  const tags: string[] = [];
  const groups: string[] = [];
  const indexIn = <T>(list: T[], value: T, same: (a: T, b: T) => boolean = Object.is) => {
    const at = list.findIndex((entry) => same(entry, value));
    if (at >= 0) return at;
    list.push(value);
    return list.length - 1;
  };
  const sameSource = (a: WalletSource, b: WalletSource) =>
    a.kind === b.kind && a.id === b.id && a.label === b.label;
  const ms = (iso: string) => Date.parse(iso);
  return {
    version: extra.version ?? '1',
    count: wallets.length,
    columns: {
      id: wallets.map((w) => w.id),
      address: wallets.map((w) => w.address),
      name: wallets.map((w) => w.name),
      lamports: wallets.map((w) => w.lamports),
      tokenAccounts: wallets.map((w) => w.tokenStats.total),
      fundedTokenAccounts: wallets.map((w) => w.tokenStats.withBalance),
      trader: wallets.map((w) => (w.isTrader ? 1 : 0)),
      master: wallets.map((w) => (w.isMasterWallet ? 1 : 0)),
      poolCreator: wallets.map((w) => (w.poolCreator ? 1 : 0)),
      importStatus: wallets.map((w) => w.importStatus),
      importBatch: wallets.map((w) =>
        w.importBatchId === null ? null : indexIn(batches, w.importBatchId),
      ),
      source: wallets.map((w) =>
        indexIn(sources, { kind: w.sourceKind, id: w.sourceId, label: w.sourceLabel }, sameSource),
      ),
      tags: wallets.map((w) => w.tagIds.map((id) => indexIn(tags, id))),
      groups: wallets.map((w) => w.groupIds.map((id) => indexIn(groups, id))),
      tokensValueUsd: wallets.map((w) => w.tokensValueUsd),
      lastScannedAt: wallets.map((w) => (w.lastScannedAt === null ? null : ms(w.lastScannedAt))),
      createdAt: wallets.map((w) => ms(w.createdAt)),
    },
    dictionaries: { importBatchIds: batches, sources, tagIds: tags, groupIds: groups },
    ...(extra.summary === undefined ? {} : { summary: extra.summary }),
  };
}
