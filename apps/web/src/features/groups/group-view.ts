import {
  type Group,
  formatBalanceWithUnit,
  parseLamports,
  formatBalance,
  formatUsd,
  NO_VALUE,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import type { DisplayUnit } from '../preferences/display-unit-store';
import type { GroupWallet } from './groups-api';

/** Spec 2 §2.1 empty text of the custom groups list. */
export const NO_CUSTOM_GROUPS = 'No custom groups yet. Create one from the header or row actions.';
/** Spec 2 §8: a group that fails to load shows the server text, else this. */
export const GROUP_LOAD_FAILED = 'Failed to load group wallets';

export interface GroupSections {
  readonly custom: readonly Group[];
  /** Computed groups (all, traders, …) and the seed groups, with the server's counts. */
  readonly computed: readonly Group[];
}

/** Custom groups are the operator's own and listed first, by name; computed ones keep server order. */
export function splitGroups(groups: readonly Group[]): GroupSections {
  const custom = groups
    .filter((group) => group.kind === 'custom')
    .sort((a, b) => a.group_name.localeCompare(b.group_name));
  const computed = groups.filter((group) => group.kind !== 'custom');
  return { custom, computed };
}

export function groupCountText(count: number | undefined): string {
  if (count === undefined) return '—';
  return `${count} ${count === 1 ? 'wallet' : 'wallets'}`;
}

/**
 * A group's totals as its card shows them: the SOL of its active wallets in the chosen unit, and
 * their value (a dash until a price service exists); `***` for both while balances are hidden,
 * a dash when the list came without totals.
 */
export function groupTotalsText(
  group: Pick<Group, 'total_lamports' | 'total_value_usd'>,
  unit: DisplayUnit,
  hideBalances: boolean,
): { readonly sol: string; readonly value: string } {
  const lamports =
    group.total_lamports === undefined ? undefined : parseLamports(group.total_lamports);
  if (hideBalances) return { sol: HIDDEN_BALANCE, value: HIDDEN_BALANCE };
  return {
    sol: lamports === undefined ? NO_VALUE : formatBalanceWithUnit(lamports, unit),
    value: formatUsd(group.total_value_usd ?? null),
  };
}

export interface GroupWalletRow {
  readonly id: string;
  readonly address: string;
  readonly label: string;
  /** Undefined before the wallet's first scan. */
  readonly lamports: bigint | undefined;
  readonly isTrader: boolean;
  readonly isMaster: boolean;
}

/** The group call's snake_case wallet as the table shows it; lamports stay bigint until text. */
export function groupWalletRow(wallet: GroupWallet): GroupWalletRow {
  return {
    id: wallet.id,
    address: wallet.public_address,
    label: wallet.name?.trim() || shortenAddress(wallet.public_address),
    lamports: wallet.lamports_balance === null ? undefined : parseLamports(wallet.lamports_balance),
    isTrader: wallet.is_trader,
    isMaster: wallet.is_master_wallet,
  };
}

/**
 * A group wallet's balance as the wallet table shows it (spec 1 §9): SOL to 4 decimals or whole
 * lamports, `***` while balances are hidden, a dash before the first scan.
 */
export function groupWalletBalance(
  row: GroupWalletRow,
  unit: DisplayUnit,
  hideBalances: boolean,
): string {
  if (hideBalances) return HIDDEN_BALANCE;
  return row.lamports === undefined ? NO_VALUE : formatBalance(row.lamports, unit);
}
