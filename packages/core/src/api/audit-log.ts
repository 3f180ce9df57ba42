import { z } from 'zod';
import { groupThousands } from '../format/lamports';

/**
 * The tenant's audit log as the Control Centre reads it: `GET /api/audit-log` (pages, newest
 * first), `GET /api/audit-log/filters` (what can be filtered on) and `GET /api/audit-log.csv` (the
 * filtered log as a file).
 */

/** How many items of a list (addresses) one audit entry keeps; the rest are only counted. */
export const AUDIT_LIST_LIMIT = 20;
export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_MAX_PAGE_SIZE = 200;

/** An empty parameter (`?action=`) means no filter. */
const filterText = (max: number, name: string) =>
  z
    .string({ message: `${name} must be given once, as text` })
    .trim()
    .max(max, `${name} is longer than ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * `action` is an action (`wallet.keys.copy`) or a family of them (`wallet.keys`, `master_wallet`):
 * see `auditActionMatches`. `actor` is a user's e-mail, or "admin" / "system", matched exactly.
 */
export const auditLogFilterSchema = z.object({
  action: filterText(100, 'Action'),
  actor: filterText(320, 'User'),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(AUDIT_LOG_MAX_PAGE_SIZE, `Limit must be at most ${AUDIT_LOG_MAX_PAGE_SIZE}`)
    .default(AUDIT_LOG_PAGE_SIZE),
  before: z.string().max(200, 'Invalid audit log cursor').optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** An address an entry names, with its role when it has one ("Previous", "New"). */
export const auditAddressSchema = z.object({
  label: z.string().nullable(),
  address: z.string(),
});
export type AuditAddress = z.infer<typeof auditAddressSchema>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  /** UTC, ISO 8601. */
  at: z.string(),
  /** The user's e-mail, or "admin" / "system". */
  actor: z.string(),
  action: z.string(),
  outcome: z.string(),
  ip: z.string().nullable(),
  /** The detail in words (counts, format, reason), without the addresses. */
  summary: z.string(),
  addresses: z.array(auditAddressSchema),
  /** How many more addresses the entry counted than it lists (a big selection). */
  addressesOmitted: z.number().int().nonnegative(),
  /** The detail as it was recorded (redacted when written). */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const auditLogFiltersSchema = z.object({
  /** The actions present in the tenant's log, sorted. */
  actions: z.array(z.string()),
  /** The licence's users, then "admin" when the administrator acted on the licence. */
  actors: z.array(z.string()),
});
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>;

/**
 * Every action the server records, as `area.verb`. The audit writer takes only these, so a typo
 * cannot make an entry the filters and labels never find; rows read back stay plain strings,
 * because an older or newer build may have written others.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.activate',
  'auth.invite_request',
  'auth.password_change',
  'admin.keys.list',
  'admin.keys.create',
  'admin.keys.revoke',
  'admin.keys.upgrade',
  'master_wallet.save',
  'master_wallet.clear',
  'master_wallet.reveal',
  'master_wallet.history.reveal',
  'wallet.keys.reveal',
  'wallet.keys.copy',
  'wallet.export.keys',
  'wallet.export.addresses',
  'wallet.create',
  'wallet.import',
  'wallet.seed_import',
  'wallet.archive',
  'wallet.restore',
  'wallet.delete_permanently',
  'wallet.rename',
  'wallet.balance_refresh',
  'tokens.classify',
  'wallet.asset_scan',
  'scan.final_truth',
  'scan.quick_refresh',
  'scan.deep',
  'scan.deep_update',
  'scan.verify',
  'seed_group.create',
  'tag.create',
  'tag.update',
  'tag.delete',
  'tag.assign',
  'tag.unassign',
  'group.create',
  'group.update',
  'group.delete',
  'operation.create',
  'fee_cap.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const ACTION_LABELS: Readonly<Partial<Record<AuditAction, string>>> = {
  'auth.login': 'Sign-in',
  'auth.logout': 'Sign-out',
  'auth.activate': 'Joined the licence',
  'auth.invite_request': 'Invite requested',
  'auth.password_change': 'Password change',
  'admin.keys.create': 'Licence created by the administrator',
  'admin.keys.revoke': 'Licence revoked by the administrator',
  'admin.keys.upgrade': 'Licence changed by the administrator',
  'master_wallet.save': 'Master wallet set',
  'master_wallet.clear': 'Master wallet removed',
  'master_wallet.reveal': 'Master key revealed',
  'wallet.keys.reveal': 'Private keys revealed',
  'wallet.keys.copy': 'Private keys copied',
  'wallet.export.keys': 'Export with private keys',
  'wallet.export.addresses': 'Export of addresses',
  'wallet.create': 'Wallets created',
  'wallet.import': 'Wallets imported',
  'wallet.seed_import': 'Seed wallets imported',
  'wallet.archive': 'Wallets archived',
  'wallet.restore': 'Wallets restored',
  'wallet.delete_permanently': 'Wallets deleted permanently',
  'wallet.balance_refresh': 'Balances refreshed',
  'tokens.classify': 'Tokens classified',
  'wallet.asset_scan': 'Assets scanned',
  'scan.final_truth': 'Final truth scan started',
  'scan.quick_refresh': 'Quick refresh started',
  'scan.deep': 'Deep scan started',
  'scan.deep_update': 'Deep scan applied',
  'scan.verify': 'Verify scan run',
  'seed_group.create': 'Seed vault added',
  'tag.create': 'Tag created',
  'tag.update': 'Tag changed',
  'tag.delete': 'Tag deleted',
  'tag.assign': 'Tags assigned',
  'tag.unassign': 'Tags removed',
  'group.create': 'Group created',
  'group.update': 'Group changed',
  'group.delete': 'Group deleted',
  'operation.create': 'Operation started',
  'fee_cap.update': 'Fee cap changed',
};

/** An action in plain words; an action this build does not know is shown as recorded. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(ACTION_LABELS, action)
    ? (ACTION_LABELS[action as AuditAction] ?? action)
    : action;
}

/** Families the filter offers above single actions, key custody first. */
export const AUDIT_ACTION_FAMILIES: readonly { readonly family: string; readonly label: string }[] =
  [
    { family: 'wallet.keys', label: 'Private keys revealed or copied' },
    { family: 'wallet.export', label: 'Wallet exports' },
    { family: 'master_wallet', label: 'Master wallet (all)' },
    { family: 'auth', label: 'Sign-ins and accounts (all)' },
    { family: 'admin', label: 'Administrator (all)' },
    { family: 'wallet', label: 'Wallets (all)' },
    { family: 'scan', label: 'Scans (all)' },
  ];

/** The filter rule the server applies in SQL: the action itself, or any action under it. */
export function auditActionMatches(filter: string, action: string): boolean {
  return action === filter || action.startsWith(`${filter}.`);
}

export interface AuditFacts {
  readonly summary: string;
  readonly addresses: readonly AuditAddress[];
  readonly addressesOmitted: number;
}

const NUMBER = new Intl.NumberFormat('en-US');
const plural = (count: number, noun: string) =>
  `${NUMBER.format(count)} ${noun}${count === 1 ? '' : 's'}`;

const MASTER_CHANGES: Readonly<Record<string, string>> = {
  set: 'First master wallet',
  swap: 'Replaced the master wallet',
  refresh: 'The same wallet saved again',
};

/** Fields said in words by `describeAuditEntry`, or left out on purpose (the purpose is the action). */
const DESCRIBED = new Set([
  'address',
  'previousAddress',
  'addresses',
  'addressesOmitted',
  'cap',
  'change',
  'count',
  'format',
  'includePrivateKeys',
  'previousCap',
  'purpose',
  'reason',
  'retryAfterSeconds',
  'scope',
]);

/**
 * An entry's detail as the operator reads it: a sentence of counts, format and reason, and the
 * addresses it names (a big selection lists the first few and says how many more there were).
 * Fields without words of their own follow as `name: value`, so nothing recorded is hidden.
 */
export function describeAuditEntry(entry: {
  readonly action: string;
  readonly detail: Readonly<Record<string, unknown>> | null;
}): AuditFacts {
  const detail = entry.detail ?? {};
  const parts: string[] = [];
  const addresses: AuditAddress[] = [];
  const text = (name: string) => (typeof detail[name] === 'string' ? detail[name] : undefined);
  const number = (name: string) =>
    typeof detail[name] === 'number' && Number.isFinite(detail[name]) ? detail[name] : undefined;

  const change = text('change');
  if (change !== undefined) parts.push(MASTER_CHANGES[change] ?? change);
  const previous = text('previousAddress');
  if (previous !== undefined) addresses.push({ label: 'Previous', address: previous });
  const address = text('address');
  if (address !== undefined) {
    addresses.push({ label: previous !== undefined ? 'New' : null, address });
  }
  const listed = Array.isArray(detail.addresses)
    ? detail.addresses.filter((item): item is string => typeof item === 'string')
    : [];
  for (const item of listed) addresses.push({ label: null, address: item });
  const omitted = Math.max(0, Math.trunc(number('addressesOmitted') ?? 0));

  const count = number('count');
  if (count !== undefined) {
    parts.push(plural(count, entry.action.startsWith('wallet.keys.') ? 'key' : 'wallet'));
  }
  if (text('scope') === 'all') parts.push('all active wallets');
  const format = text('format');
  if (format !== undefined) parts.push(format.toUpperCase());
  if (detail.includePrivateKeys === true) parts.push('with private keys');
  if (detail.includePrivateKeys === false) parts.push('addresses only');
  if (omitted > 0) {
    parts.push(
      `${NUMBER.format(omitted)} more ${omitted === 1 ? 'address' : 'addresses'} not listed`,
    );
  }
  if ('cap' in detail) {
    const was = 'previousCap' in detail ? ` (was ${capText(detail.previousCap)})` : '';
    parts.push(`cap ${capText(detail.cap)}${was}`);
  }
  const reason = text('reason');
  if (reason !== undefined) parts.push(reason);
  const retry = number('retryAfterSeconds');
  if (retry !== undefined) parts.push(`retry in ${NUMBER.format(retry)} s`);

  for (const [name, value] of Object.entries(detail)) {
    if (DESCRIBED.has(name) || value === null || value === undefined) continue;
    parts.push(`${name}: ${valueText(value)}`);
  }
  return { summary: parts.join('; '), addresses, addressesOmitted: omitted };
}

/**
 * A fee cap as recorded: a decimal string of micro-lamports per compute unit, or null for none.
 * In words, not `µ`: the log is shown uppercased, where the micro sign becomes a capital mu.
 */
function capText(value: unknown): string {
  return typeof value === 'string' && /^\d+$/.test(value)
    ? `${groupThousands(value)} micro-lamports/CU`
    : 'none';
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return NUMBER.format(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return JSON.stringify(value);
}

/** The whole detail as one line of text (the CSV's detail column): the sentence, then addresses. */
export function auditDetailText(facts: AuditFacts): string {
  const addresses = facts.addresses
    .map((item) => (item.label ? `${item.label}: ${item.address}` : item.address))
    .join(', ');
  return [facts.summary, addresses].filter((part) => part !== '').join('; ');
}
