import {
  AUDIT_ACTION_FAMILIES,
  auditActionLabel,
  auditActionMatches,
  type AuditLogEntry,
  type AuditLogFilter,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { formatDateTime } from '../../format/date';

/** The Control Centre's `?section=` value of the audit log. */
export const AUDIT_LOG_SECTION = 'audit';

export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

/** The filter in the address bar (`?action=&actor=`), so a filtered view can be linked. */
export function auditFilterFromParams(params: URLSearchParams): AuditLogFilter {
  const action = params.get('action')?.trim();
  const actor = params.get('actor')?.trim();
  return { action: action || undefined, actor: actor || undefined };
}

/** The address bar's parameters with one filter changed; an empty value removes it. */
export function withAuditFilter(
  params: URLSearchParams,
  name: keyof AuditLogFilter,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The query string of an audit log call: the filter, then the page's own parameters. */
export function auditLogSearch(
  filter: AuditLogFilter,
  page: { readonly limit?: number; readonly before?: string | undefined } = {},
): string {
  const query = new URLSearchParams();
  if (filter.action) query.set('action', filter.action);
  if (filter.actor) query.set('actor', filter.actor);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.before) query.set('before', page.before);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The action filter: every action, then the families that gather two or more of the actions in
 * the log, then each action. A value from the address bar the log does not hold stays choosable.
 */
export function actionFilterOptions(actions: readonly string[], current = ''): FilterOption[] {
  const families = AUDIT_ACTION_FAMILIES.filter(
    ({ family }) => actions.filter((action) => auditActionMatches(family, action)).length > 1,
  ).map(({ family, label }) => ({ value: family, label }));
  const single = actions.map((action) => ({ value: action, label: auditActionLabel(action) }));
  const options = [{ value: '', label: 'All actions' }, ...families, ...single];
  return withCurrent(options, current, auditActionLabel(current));
}

export function actorFilterOptions(actors: readonly string[], current = ''): FilterOption[] {
  const options = [
    { value: '', label: 'All users' },
    ...actors.map((actor) => ({ value: actor, label: actorName(actor) })),
  ];
  return withCurrent(options, current, actorName(current));
}

function withCurrent(options: FilterOption[], current: string, label: string): FilterOption[] {
  return current && !options.some((option) => option.value === current)
    ? [...options, { value: current, label }]
    : options;
}

/** Who acted, as the page names them: a user by e-mail, the administrator and the system by role. */
export function actorName(actor: string): string {
  if (actor === 'admin') return 'Administrator';
  if (actor === 'system') return 'System';
  return actor;
}

export interface AuditAddressView {
  readonly label: string | null;
  readonly address: string;
  readonly short: string;
}

export interface AuditRowView {
  readonly id: string;
  readonly at: string;
  /** In the reader's locale and time zone. */
  readonly localTime: string;
  /** `2025-03-01 12:00:00 UTC`, shown on hover. */
  readonly utcTime: string;
  readonly user: string;
  readonly action: string;
  readonly actionLabel: string;
  readonly failed: boolean;
  readonly outcomeLabel: string;
  readonly ip: string | null;
  readonly summary: string;
  readonly addresses: readonly AuditAddressView[];
  readonly addressesOmitted: number;
}

/** One entry as the audit log table shows it. */
export function auditRow(entry: AuditLogEntry): AuditRowView {
  return {
    id: entry.id,
    at: entry.at,
    localTime: formatDateTime(entry.at),
    utcTime: utcTime(entry.at),
    user: actorName(entry.actor),
    action: entry.action,
    actionLabel: auditActionLabel(entry.action),
    failed: entry.outcome !== 'success',
    outcomeLabel: entry.outcome === 'success' ? 'Succeeded' : 'Failed',
    ip: entry.ip,
    summary: entry.summary,
    addresses: entry.addresses.map((item) => ({
      label: item.label,
      address: item.address,
      short: shortenAddress(item.address),
    })),
    addressesOmitted: entry.addressesOmitted,
  };
}

function utcTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Every entry of the pages loaded so far, once each. */
export function auditEntries(pages: readonly { readonly entries: readonly AuditLogEntry[] }[]) {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.entries.filter((entry) => (seen.has(entry.id) ? false : (seen.add(entry.id), true))),
  );
}

/** The download's name when the server's header is missing: like the server's, in UTC. */
export function fallbackAuditLogFilename(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `fleet-audit-log-${stamp}.csv`;
}
