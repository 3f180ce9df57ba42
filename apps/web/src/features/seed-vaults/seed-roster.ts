import {
  type DerivationScheme,
  type SeedGroup,
  type SlimWallet,
  parseLamports,
  walletTotalUsd,
} from '@fleet/core';

/**
 * The Seed Control Center's figures (spec 2 §2.2): one roster row per seed vault, with its wallets
 * from the slim wallet list. Lamports are summed as bigint; USD (a display figure) is the wallets'
 * Total Values added up.
 */
export interface SeedRosterRow {
  readonly id: string;
  readonly label: string;
  /** The short fingerprint shown under the label, so two unnamed seeds can be told apart. */
  readonly fingerprint: string;
  /** How the vault's accounts are derived: the same seed under another scheme is another vault. */
  readonly scheme: DerivationScheme;
  /** The database's count of the vault's active wallets. */
  readonly walletCount: number;
  readonly lamports: bigint;
  /**
   * The Total Values of the wallets it can value, added up; null without a SOL price or when it
   * can value none of them (never scanned, tokens without a price).
   */
  readonly usd: number | null;
  /** The newest of the wallets' last scans and creations, or the vault's own creation. */
  readonly lastActivity: string;
  readonly wallets: readonly SlimWallet[];
}

export function seedLabel(group: Pick<SeedGroup, 'label' | 'seedFingerprint'>): string {
  const label = group.label?.trim();
  return label ? label : `Seed ${group.seedFingerprint.slice(0, 8)}`;
}

export function buildSeedRoster(
  groups: readonly SeedGroup[],
  wallets: readonly SlimWallet[],
  solPriceUsd: number | null = null,
): SeedRosterRow[] {
  const bySeed = new Map<string, SlimWallet[]>();
  for (const wallet of wallets) {
    if (wallet.sourceKind !== 'seed' || wallet.sourceId === null) continue;
    const list = bySeed.get(wallet.sourceId);
    if (list) list.push(wallet);
    else bySeed.set(wallet.sourceId, [wallet]);
  }
  return groups.map((group) => {
    const seedWallets = bySeed.get(group.id) ?? [];
    let lamports = 0n;
    let usd = 0;
    let valued = 0;
    let lastActivity = group.createdAt;
    for (const wallet of seedWallets) {
      lamports += wallet.lamports === null ? 0n : (parseLamports(wallet.lamports) ?? 0n);
      const total = walletTotalUsd(wallet, solPriceUsd);
      if (total !== null) {
        usd += total;
        valued += 1;
      }
      for (const stamp of [wallet.lastScannedAt, wallet.createdAt]) {
        if (stamp !== null && Date.parse(stamp) > Date.parse(lastActivity)) lastActivity = stamp;
      }
    }
    return {
      id: group.id,
      label: seedLabel(group),
      fingerprint: group.seedFingerprint.slice(0, 12),
      scheme: group.derivationScheme,
      walletCount: group.walletCount,
      lamports,
      // A vault none of whose wallets could be valued has no value, not $0.
      usd: solPriceUsd === null || (valued === 0 && seedWallets.length > 0) ? null : usd,
      lastActivity,
      wallets: seedWallets,
    };
  });
}

export interface SeedSummary {
  readonly vaults: number;
  readonly wallets: number;
  readonly lamports: bigint;
  readonly usd: number | null;
}

export function summarizeSeeds(rows: readonly SeedRosterRow[]): SeedSummary {
  return rows.reduce<SeedSummary>(
    (sum, row) => ({
      vaults: sum.vaults + 1,
      wallets: sum.wallets + row.walletCount,
      lamports: sum.lamports + row.lamports,
      usd: row.usd === null ? sum.usd : (sum.usd ?? 0) + row.usd,
    }),
    { vaults: 0, wallets: 0, lamports: 0n, usd: null },
  );
}

/** 'all' or one seed vault's id: the seed filter menu's choice. */
export type SeedFilter = string;
export const ALL_SEEDS: SeedFilter = 'all';

/**
 * The rows the filter and the search box leave: the search matches a label, a fingerprint, or the
 * address of any wallet of the seed, case-insensitively.
 */
export function filterSeedRoster(
  rows: readonly SeedRosterRow[],
  filter: SeedFilter,
  search: string,
): SeedRosterRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter((row) => {
    if (filter !== ALL_SEEDS && row.id !== filter) return false;
    if (needle === '') return true;
    return (
      row.label.toLowerCase().includes(needle) ||
      row.fingerprint.toLowerCase().includes(needle) ||
      row.wallets.some((wallet) => wallet.address.toLowerCase().includes(needle))
    );
  });
}
