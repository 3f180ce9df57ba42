import {
  formatLamportsAsSol,
  isAddress,
  type CloseHistoryRecord,
  type CloseHistoryTotals,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { formatDateTime } from '../../format/date';

/** Amounts on the page: SOL to 6 decimals (issue 19), cut rather than rounded. */
const SOL_DECIMALS_SHOWN = 6;

export const EMPTY_CLOSE_HISTORY_TEXT = 'No closures recorded yet.';

/** The filter as the page keeps it in the address bar (`?wallet=&mint=&from=&to=`). */
export interface CloseHistoryFilterView {
  readonly wallet: string;
  readonly mint: string;
  /** `YYYY-MM-DD`, a whole UTC day, or empty. */
  readonly from: string;
  readonly to: string;
}

export const FILTER_NAMES = ['wallet', 'mint', 'from', 'to'] as const;

export function closeHistoryFilterFromParams(params: URLSearchParams): CloseHistoryFilterView {
  const read = (name: string) => params.get(name)?.trim() ?? '';
  return { wallet: read('wallet'), mint: read('mint'), from: read('from'), to: read('to') };
}

/** The address bar's parameters for a filter; empty fields are left out. */
export function paramsOfFilter(filter: CloseHistoryFilterView): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filter[name]) params.set(name, filter[name]);
  return params;
}

export function isFiltered(filter: CloseHistoryFilterView): boolean {
  return FILTER_NAMES.some((name) => filter[name] !== '');
}

/** Which fields the server would refuse, said before asking it. */
export function filterProblems(
  filter: CloseHistoryFilterView,
): Partial<Record<keyof CloseHistoryFilterView, string>> {
  const problems: Partial<Record<keyof CloseHistoryFilterView, string>> = {};
  if (filter.wallet && !isAddress(filter.wallet)) problems.wallet = 'Not a Solana address';
  if (filter.mint && !isAddress(filter.mint)) problems.mint = 'Not a Solana address';
  if (filter.from && filter.to && filter.from > filter.to) {
    problems.from = 'From must not be after To';
  }
  return problems;
}

/** The query string of a close history call: the filter, then the page's own parameters. */
export function closeHistorySearch(
  filter: CloseHistoryFilterView,
  page: { readonly limit?: number; readonly cursor?: string | undefined } = {},
): string {
  const query = paramsOfFilter(filter);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.cursor) query.set('cursor', page.cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function solText(lamports: string): string {
  return formatLamportsAsSol(BigInt(lamports), SOL_DECIMALS_SHOWN);
}

/** One row of the table, its texts built once. */
export interface CloseRowView {
  readonly id: string;
  readonly closedAt: string;
  readonly localTime: string;
  readonly wallet: string;
  readonly walletShort: string;
  readonly mint: string;
  readonly mintShort: string;
  readonly account: string;
  readonly accountShort: string;
  readonly rent: string;
  readonly fee: string;
  readonly profit: string;
  readonly signature: string;
  readonly signatureShort: string;
  /** "Burned 1,000 raw units" for a burn's close, null for a plain close. */
  readonly burned: string | null;
}

export function closeRow(record: CloseHistoryRecord): CloseRowView {
  return {
    id: record.id,
    closedAt: record.closed_at,
    localTime: formatDateTime(record.closed_at),
    wallet: record.wallet_address,
    walletShort: shortenAddress(record.wallet_address),
    mint: record.mint_address,
    mintShort: shortenAddress(record.mint_address),
    account: record.token_account,
    accountShort: shortenAddress(record.token_account),
    rent: solText(record.rent_lamports),
    fee: solText(record.fee_lamports),
    profit: solText(record.profit_lamports),
    signature: record.tx_signature,
    signatureShort: shortenAddress(record.tx_signature, 6),
    burned: record.burned_raw === null ? null : `Burned ${record.burned_raw} raw units first`,
  };
}

/** The records of every page loaded, each once (a close landing between pages cannot repeat). */
export function closeRecords(
  pages: readonly { readonly records: readonly CloseHistoryRecord[] }[],
): CloseHistoryRecord[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.records.filter((record) => (seen.has(record.id) ? false : (seen.add(record.id), true))),
  );
}

export interface TotalsView {
  readonly accounts: string;
  readonly rent: string;
  readonly fees: string;
  readonly profit: string;
}

export function totalsView(totals: CloseHistoryTotals): TotalsView {
  return {
    accounts: totals.accounts.toLocaleString('en-US'),
    rent: solText(totals.rentLamports),
    fees: solText(totals.feeLamports),
    profit: solText(totals.profitLamports),
  };
}

/** The download's name when the server's header is missing: like the server's, in UTC. */
export function fallbackCloseHistoryFilename(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `fleet-close-history-${stamp}.csv`;
}
