import type { ImportStatus, SlimWallet, Tag } from '@fleet/core';
import { DEFAULT_TAG_COLOR } from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { formatBalance, formatUsd, NO_VALUE, relativeTime, splitTags } from './wallet-format';

export interface RowTag {
  readonly id: string;
  readonly name: string;
  readonly color: string;
}

/**
 * Everything a table row paints, computed once per data change (not per render or scroll), so
 * a row component only reads strings and flags.
 */
export interface WalletRowView {
  readonly id: string;
  readonly address: string;
  readonly shortAddress: string;
  readonly name: string | null;
  readonly isMaster: boolean;
  readonly importStatus: ImportStatus | null;
  readonly sourceLabel: string;
  readonly tags: readonly RowTag[];
  readonly moreTags: number;
  readonly allTagNames: string;
  readonly lamports: bigint | null;
  readonly solText: string;
  readonly lamportsText: string;
  readonly totalText: string;
  readonly tokensValueText: string;
  readonly withCount: number;
  readonly zeroCount: number;
  readonly tokenTotal: number;
  readonly importedText: string;
  readonly importedTitle: string;
}

export type TagLookup = ReadonlyMap<string, Pick<Tag, 'id' | 'name' | 'color'>>;

export function buildRowView(wallet: SlimWallet, tags: TagLookup, now: number): WalletRowView {
  const resolved: RowTag[] = [];
  for (const tagId of wallet.tagIds) {
    const tag = tags.get(tagId);
    if (tag) resolved.push({ id: tag.id, name: tag.name, color: tag.color ?? DEFAULT_TAG_COLOR });
  }
  const { shown, more } = splitTags(resolved);
  const lamports = wallet.lamports === null ? null : BigInt(wallet.lamports);
  return {
    id: wallet.id,
    address: wallet.address,
    shortAddress: shortenAddress(wallet.address),
    name: wallet.name,
    isMaster: wallet.isMasterWallet,
    importStatus: wallet.importStatus,
    sourceLabel: wallet.sourceLabel,
    tags: shown,
    moreTags: more,
    allTagNames: resolved.map((tag) => tag.name).join(', '),
    lamports,
    solText: lamports === null ? NO_VALUE : formatBalance(lamports, 'sol'),
    lamportsText: lamports === null ? NO_VALUE : formatBalance(lamports, 'lamports'),
    // Total Value is SOL plus tokens in USD: without a SOL price it cannot be added up, so it
    // shows a dash like every USD figure until the price service exists.
    totalText: NO_VALUE,
    tokensValueText: formatUsd(wallet.tokensValueUsd),
    withCount: wallet.tokenStats.withBalance,
    zeroCount: wallet.tokenStats.zeroBalance,
    tokenTotal: wallet.tokenStats.total,
    importedText: relativeTime(wallet.createdAt, now),
    importedTitle: wallet.createdAt,
  };
}

/**
 * Row views built on first use and kept until the data (or the tags) change: the table paints
 * the ~50 rows on screen without first formatting all 50,000, and scrolling back reuses them.
 */
export interface RowViewCache {
  get(wallet: SlimWallet): WalletRowView;
}

export function createRowViewCache(tags: TagLookup, now: number): RowViewCache {
  const views = new WeakMap<SlimWallet, WalletRowView>();
  return {
    get(wallet) {
      let view = views.get(wallet);
      if (!view) {
        view = buildRowView(wallet, tags, now);
        views.set(wallet, view);
      }
      return view;
    },
  };
}
