import {
  exhaustiveSwitchError,
  formatLamportsAsSol,
  formatTokenAmount,
  HOLDERS_FETCH_FAILED_MESSAGE,
  NO_HOLDERS_MESSAGE,
  NO_VALUE,
  type TokenHolder,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';

export { HOLDERS_FETCH_FAILED_MESSAGE, NO_HOLDERS_MESSAGE };
/** Spec 2 §8: a refresh of a list already shown failed; the list stays. */
export const HOLDERS_REFRESH_FAILED_MESSAGE = 'Failed to refresh';

/** SOL on the holders list, to 4 decimals as the wallet list shows it. */
const SOL_DECIMALS_SHOWN = 4;

export interface HolderGroupView {
  readonly key: string;
  readonly kind: 'seed' | 'import' | 'custom';
  readonly text: string;
}

export interface HolderRowView {
  readonly id: string;
  readonly address: string;
  readonly addressShort: string;
  readonly name: string | null;
  readonly amount: string;
  readonly sol: string;
  readonly isMaster: boolean;
  readonly isTrader: boolean;
  readonly canCopyKey: boolean;
  readonly groups: readonly HolderGroupView[];
  readonly tags: readonly { readonly slug: string; readonly name: string }[];
}

/**
 * Spec 2 §3 Holder's groups: a seed vault's group reads as a seed (with the vault's label when it
 * has one), any other source as imported, a custom group by its name.
 */
export function holderGroupText(group: TokenHolder['groups'][number]): string {
  switch (group.type) {
    case 'seed':
      return group.name === '' || group.name === 'Seed' ? 'Seed' : `Seed: ${group.name}`;
    case 'import':
      return 'Imported';
    case 'custom':
      return group.name;
    default:
      return exhaustiveSwitchError(group.type);
  }
}

export function holderRow(holder: TokenHolder): HolderRowView {
  return {
    id: holder.id,
    address: holder.address,
    addressShort: shortenAddress(holder.address),
    name: holder.name?.trim() || null,
    amount: formatTokenAmount(holder.amount_str, holder.decimals),
    sol:
      holder.lamports === null
        ? NO_VALUE
        : formatLamportsAsSol(BigInt(holder.lamports), SOL_DECIMALS_SHOWN),
    isMaster: holder.is_master_wallet,
    isTrader: holder.is_trader,
    canCopyKey: holder.has_private_key,
    groups: holder.groups.map((group) => ({
      key: `${group.type}:${group.id}`,
      kind: group.type,
      text: holderGroupText(group),
    })),
    tags: holder.tags.map((tag) => ({ slug: tag.slug, name: tag.name })),
  };
}

export interface GroupSummaryView {
  readonly key: string;
  readonly text: string;
  readonly holders: number;
}

/**
 * Spec 2 §2.5: the token's holders counted by group (seed vaults, imports, custom groups), most
 * holders first, then by name.
 */
export function holderGroupSummary(holders: readonly TokenHolder[]): GroupSummaryView[] {
  const byKey = new Map<string, { text: string; holders: number }>();
  for (const holder of holders) {
    for (const group of holder.groups) {
      // Every import batch reads "Imported": they are one line, not one per batch.
      const key = group.type === 'import' ? 'import' : `${group.type}:${group.id}`;
      const entry = byKey.get(key) ?? { text: holderGroupText(group), holders: 0 };
      entry.holders += 1;
      byKey.set(key, entry);
    }
  }
  return [...byKey.entries()]
    .map(([key, entry]) => ({ key, ...entry }))
    .sort((a, b) => b.holders - a.holders || a.text.localeCompare(b.text, 'en'));
}

/** The dialog's title line: the token's symbol or name, else its short mint. */
export function holdersTitle(
  mint: string,
  token: { readonly symbol: string | null; readonly name: string | null } | undefined,
): string {
  const label = token?.symbol?.trim() || token?.name?.trim() || shortenAddress(mint);
  return `Holders of ${label}`;
}
