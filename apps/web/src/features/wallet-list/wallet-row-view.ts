import type { ImportStatus, SlimWallet, Tag } from '@fleet/core';
import {
  DEFAULT_TAG_COLOR,
  formatBalance,
  formatUsd,
  NO_VALUE,
  relativeTime,
  scanAgeText,
  walletTotalUsd,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { CELL_CHAR_BUDGET, tagChipOverflows, tagsOverflow, textOverflows } from './cell-overflow';
import { splitTags } from './row-tags';

export interface RowTag {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  /** The name is longer than a chip: cut it with an ellipsis. */
  readonly clip: boolean;
}

/** The cells whose text could be wider than the cell, and so must clip it (cell-overflow). */
export interface RowClips {
  readonly wallet: boolean;
  readonly source: boolean;
  readonly tags: boolean;
  readonly sol: boolean;
  readonly lamports: boolean;
  readonly total: boolean;
  readonly tokensValue: boolean;
  readonly importedAt: boolean;
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
  /** How old the balances are ('scanned 2m ago', 'Never'), under the SOL figure. */
  readonly scanText: string;
  readonly scanTitle: string;
  readonly clips: RowClips;
}

export type TagLookup = ReadonlyMap<string, Pick<Tag, 'id' | 'name' | 'color'>>;

export function buildRowView(
  wallet: SlimWallet,
  tags: TagLookup,
  now: number,
  solPriceUsd: number | null = null,
): WalletRowView {
  const resolved: RowTag[] = [];
  for (const tagId of wallet.tagIds) {
    const tag = tags.get(tagId);
    if (tag) {
      resolved.push({
        id: tag.id,
        name: tag.name,
        color: tag.color ?? DEFAULT_TAG_COLOR,
        clip: tagChipOverflows(tag.name),
      });
    }
  }
  const { shown, more } = splitTags(resolved);
  const lamports = wallet.lamports === null ? null : BigInt(wallet.lamports);
  const solText = lamports === null ? NO_VALUE : formatBalance(lamports, 'sol');
  const lamportsText = lamports === null ? NO_VALUE : formatBalance(lamports, 'lamports');
  // Total Value is SOL plus tokens in USD: without a SOL price it cannot be added up (a dash).
  const totalText = formatUsd(walletTotalUsd(wallet, solPriceUsd));
  const tokensValueText = formatUsd(wallet.tokensValueUsd);
  const importedText = relativeTime(wallet.createdAt, now);
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
    solText,
    lamportsText,
    totalText,
    tokensValueText,
    withCount: wallet.tokenStats.withBalance,
    zeroCount: wallet.tokenStats.zeroBalance,
    tokenTotal: wallet.tokenStats.total,
    importedText,
    importedTitle: wallet.createdAt,
    scanText: scanAgeText(wallet.lastScannedAt, now),
    scanTitle:
      wallet.lastScannedAt === null
        ? 'Balances never scanned'
        : `Balances scanned at ${wallet.lastScannedAt}`,
    clips: {
      // Number, short address and one badge always fit; a name or both badges may not.
      wallet: wallet.name !== null || (wallet.isMasterWallet && wallet.importStatus !== null),
      source: textOverflows(wallet.sourceLabel, CELL_CHAR_BUDGET.source),
      tags: tagsOverflow(
        shown.map((tag) => tag.name),
        more,
      ),
      sol: textOverflows(solText, CELL_CHAR_BUDGET.sol),
      lamports: textOverflows(lamportsText, CELL_CHAR_BUDGET.sol),
      total: textOverflows(totalText, CELL_CHAR_BUDGET.usd),
      tokensValue: textOverflows(tokensValueText, CELL_CHAR_BUDGET.usd),
      importedAt: textOverflows(importedText, CELL_CHAR_BUDGET.importedAt),
    },
  };
}

/**
 * Row views built on first use and kept until the data (or the tags) change: the table paints
 * the ~50 rows on screen without first formatting all 50,000, and scrolling back reuses them.
 */
export interface RowViewCache {
  get(wallet: SlimWallet): WalletRowView;
}

export function createRowViewCache(
  tags: TagLookup,
  now: number,
  solPriceUsd: number | null = null,
): RowViewCache {
  const views = new WeakMap<SlimWallet, WalletRowView>();
  return {
    get(wallet) {
      let view = views.get(wallet);
      if (!view) {
        view = buildRowView(wallet, tags, now, solPriceUsd);
        views.set(wallet, view);
      }
      return view;
    },
  };
}
