import { exhaustiveSwitchError } from '../errors/fleet-error';
import { solAmountText } from '../format/lamports';

/**
 * The history's side of a transaction: the spec's transaction record names `buy`, `sell`,
 * `bundle` and `withdraw` (spec 2 §3); the ledger's operations add `distribute`, `close`, `burn`
 * and a lookup-table setup step. `trade` and `other` keep a kind no mapping knows yet listed, not
 * refused: kinds are added by features this module does not know of.
 */
export const TRANSACTION_SIDES = [
  'buy',
  'sell',
  'bundle',
  'withdraw',
  'distribute',
  'close',
  'burn',
  'lookupTable',
  'trade',
  'other',
] as const;
export type TransactionSide = (typeof TRANSACTION_SIDES)[number];

/** Spec 2 §3's statuses: a transaction still on its way is `loading`. */
export const TRANSACTION_RECORD_STATUSES = ['loading', 'confirmed', 'error'] as const;
export type TransactionRecordStatus = (typeof TRANSACTION_RECORD_STATUSES)[number];

export const TRANSACTION_HISTORY_FILTERS = ['all', 'trades', 'ops'] as const;
export type TransactionHistoryFilter = (typeof TRANSACTION_HISTORY_FILTERS)[number];

/**
 * Which operation kinds are "trades": the trading console's kinds, all named `trade.*` (none
 * exists yet). Every other kind — `sol.distribute`, `sol.aggregate`, `sol.double_distribution`
 * and the token closes, burns and SPL transfers (`token.*`) — is an "op". The server filters with
 * the same prefix, so the split needs no list of kinds that could fall behind.
 */
export const TRADE_KIND_PREFIX = 'trade.';

export function historyCategoryOf(kind: string): Exclude<TransactionHistoryFilter, 'all'> {
  return kind.startsWith(TRADE_KIND_PREFIX) ? 'trades' : 'ops';
}

const SIDES_BY_KIND: Readonly<Record<string, TransactionSide>> = Object.freeze({
  'sol.distribute': 'distribute',
  'sol.double_distribution': 'distribute',
  'sol.aggregate': 'withdraw',
  'token.close': 'close',
  'token.burn': 'burn',
  'token.withdraw': 'withdraw',
  'token.distribute': 'distribute',
  'trade.buy': 'buy',
  'trade.sell': 'sell',
  'trade.bundle': 'bundle',
});

/** The side of a transaction of an operation of `kind`; an unknown kind maps to a safe default. */
export function transactionSideOf(kind: string): TransactionSide {
  if (Object.hasOwn(SIDES_BY_KIND, kind)) return SIDES_BY_KIND[kind] ?? 'other';
  return historyCategoryOf(kind) === 'trades' ? 'trade' : 'other';
}

/**
 * Whether the wallet a transaction of `kind` is about is its items' source (a withdrawal, a
 * close, a burn: the wallet gives) rather than their destination (a distribution: the wallet
 * receives). A kind not known here shows the destination, the address money went to.
 */
function isAboutSource(side: TransactionSide): boolean {
  switch (side) {
    case 'withdraw':
    case 'close':
    case 'burn':
    case 'sell':
      return true;
    case 'buy':
    case 'bundle':
    case 'distribute':
    case 'lookupTable':
    case 'trade':
    case 'other':
      return false;
    default:
      return exhaustiveSwitchError(side);
  }
}

export type LedgerTransactionStateName =
  'planned' | 'signed' | 'sent' | 'confirmed' | 'failed' | 'expired';

export function transactionRecordStatusOf(
  state: LedgerTransactionStateName,
): TransactionRecordStatus {
  switch (state) {
    case 'planned':
    case 'signed':
    case 'sent':
      return 'loading';
    case 'confirmed':
      return 'confirmed';
    case 'failed':
    case 'expired':
      return 'error';
    default:
      return exhaustiveSwitchError(state);
  }
}

/** Why an expired transaction failed: the chain reports no reason for one that never landed. */
export const EXPIRED_TRANSACTION_ERROR = 'Expired: the transaction did not land in time';

/** One ledger transaction as the history query reads it (items summed in SQL). */
export interface HistoryTransactionRow {
  readonly id: string;
  readonly operationId: string;
  readonly kind: string;
  readonly state: LedgerTransactionStateName;
  readonly signature: string | null;
  readonly failureReason: string | null;
  /** Set for a lookup-table create or extend, which pays no item. */
  readonly setupStep: number | null;
  readonly createdAt: Date;
  /** The first item's source and destination (by its place in the transaction); null: no item. */
  readonly firstFrom: string | null;
  readonly firstTo: string | null;
  /** How many distinct sources and destinations its items have. */
  readonly sources: number;
  readonly destinations: number;
  readonly lamports: bigint;
  /**
   * A token transaction's wallets: the first token item's owner (its wallet, by its place in the
   * transaction) and how many distinct owners its token items have. A token item's own addresses
   * are token accounts, not the wallet it is about. Null and 0 for a transaction of SOL alone.
   */
  readonly firstOwner: string | null;
  readonly owners: number;
  /** The raw tokens its items move when they are all of one mint; null otherwise (or none). */
  readonly tokenAmount: string | null;
}

export interface TransactionHistoryRecord {
  readonly id: string;
  readonly operationId: string;
  readonly kind: string;
  readonly side: TransactionSide;
  readonly wallet: string | null;
  readonly walletCount: number;
  readonly amountSol: string;
  readonly tokens: string | null;
  readonly txId: string | null;
  readonly timestamp: string;
  readonly status: TransactionRecordStatus;
  readonly error: string | null;
}

/** The history's record of one ledger transaction (spec 2 §3's transaction record). */
export function transactionHistoryRecord(row: HistoryTransactionRow): TransactionHistoryRecord {
  const side = row.setupStep === null ? transactionSideOf(row.kind) : 'lookupTable';
  const source = isAboutSource(side);
  const status = transactionRecordStatusOf(row.state);
  return Object.freeze({
    id: row.id,
    operationId: row.operationId,
    kind: row.kind,
    side,
    wallet: row.firstOwner ?? (source ? row.firstFrom : row.firstTo),
    walletCount: row.firstOwner === null ? (source ? row.sources : row.destinations) : row.owners,
    amountSol: solAmountText(row.lamports),
    // Raw units of one mint: amounts of several mints do not add up to one figure.
    tokens: row.tokenAmount,
    txId: row.signature,
    timestamp: row.createdAt.toISOString(),
    status,
    error: row.failureReason ?? (row.state === 'expired' ? EXPIRED_TRANSACTION_ERROR : null),
  });
}
