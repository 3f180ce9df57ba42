import type { SlimWallet } from '../api/wallets';

/**
 * The View dropdown's segments (spec 2 §2.1, §4, §5). Built-in ids are fixed; a seed segment is
 * `seed:` plus a seed vault id, or `seed:all` for every seed-derived wallet.
 */
export const BUILT_IN_SEGMENTS = [
  'nonEmpty',
  'recent',
  'all',
  'withSol',
  'withBalance',
  'zero',
  'trader',
  'poolCreators',
  'empty',
  'middlemen',
] as const;
export type BuiltInSegment = (typeof BUILT_IN_SEGMENTS)[number];
export const SEED_SEGMENT_PREFIX = 'seed:';
export const ALL_SEEDS_SEGMENT = 'seed:all';
export type SeedSegment = `seed:${string}`;
export type WalletSegment = BuiltInSegment | SeedSegment;

export const DEFAULT_SEGMENT: WalletSegment = 'nonEmpty';

export const SEGMENT_LABELS: Readonly<Record<BuiltInSegment, string>> = Object.freeze({
  nonEmpty: 'Non-Empty Wallets',
  recent: 'Recently Added',
  all: 'All',
  withSol: 'With SOL Balance',
  withBalance: 'With Balance',
  zero: 'Zero Balance',
  trader: 'Trader',
  poolCreators: 'Pool Creators',
  empty: 'Empty',
  middlemen: 'Middlemen',
});

/**
 * One line per segment saying which wallets it shows, in the words of spec 2 §5's rules (and §4
 * for Recently Added), so that "Zero Balance" is not read as "no SOL". The View menu shows them.
 */
export const SEGMENT_DESCRIPTIONS: Readonly<Record<BuiltInSegment, string>> = Object.freeze({
  nonEmpty: 'Wallets holding SOL or a balance of any token',
  recent: 'Wallets of the latest import, or created in the last 24 hours',
  all: 'Every wallet that is not archived',
  withSol: 'Wallets whose SOL balance is above 0',
  withBalance: 'Wallets holding a balance of at least one token',
  zero: 'Wallets whose token accounts are all empty',
  trader: 'Wallets marked as traders',
  poolCreators: 'Wallets that created a liquidity pool',
  empty: 'Wallets with no SOL and no token accounts',
  middlemen: 'Wallets generated as middlemen of two-hop distributions',
});

/** The description of any segment: a seed segment names where its wallets come from. */
export function segmentDescription(segment: WalletSegment): string {
  const seedId = seedIdOfSegment(segment);
  if (seedId === undefined) return SEGMENT_DESCRIPTIONS[segment as BuiltInSegment];
  return seedId === 'all'
    ? 'Wallets derived from any seed phrase'
    : 'Wallets derived from this seed phrase';
}

/** "Recently Added" also covers wallets created within this window (spec 2 §4: 24 h import record). */
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;

const builtIn = new Set<string>(BUILT_IN_SEGMENTS);

/** A stored or typed segment id, or undefined when it is not one (so callers fall back). */
export function parseSegment(text: string | null | undefined): WalletSegment | undefined {
  if (!text) return undefined;
  if (builtIn.has(text)) return text as BuiltInSegment;
  if (text.startsWith(SEED_SEGMENT_PREFIX) && text.length > SEED_SEGMENT_PREFIX.length) {
    return text as SeedSegment;
  }
  return undefined;
}

export function seedSegment(seedGroupId: string): SeedSegment {
  return `${SEED_SEGMENT_PREFIX}${seedGroupId}`;
}

/** The seed vault id of a seed segment (`'all'` for every seed), undefined for built-in ones. */
export function seedIdOfSegment(segment: WalletSegment): string | undefined {
  return segment.startsWith(SEED_SEGMENT_PREFIX)
    ? segment.slice(SEED_SEGMENT_PREFIX.length)
    : undefined;
}

/**
 * The computed wallet groups (spec 1 §3) other than the per-seed ones, by the id the groups and
 * search calls give them, and the segment that shows the same wallets: their rules are the
 * segments' (spec 2 §5), so choosing one of them in search opens that segment.
 */
export const COMPUTED_GROUP_SEGMENTS = Object.freeze({
  all: 'all',
  traders: 'trader',
  empty: 'empty',
  'with-tokens': 'withBalance',
  'zero-tokens': 'zero',
  'pool-creators': 'poolCreators',
  middlemen: 'middlemen',
} as const satisfies Record<string, BuiltInSegment>);
export type ComputedGroupId = keyof typeof COMPUTED_GROUP_SEGMENTS;

export function segmentOfComputedGroup(id: string): BuiltInSegment | undefined {
  return Object.hasOwn(COMPUTED_GROUP_SEGMENTS, id)
    ? COMPUTED_GROUP_SEGMENTS[id as ComputedGroupId]
    : undefined;
}

export interface SegmentContext {
  /** Milliseconds since the epoch: "now" is passed in so the rules stay pure and testable. */
  readonly now: number;
}

/** The fields the rules read; a slim wallet has them all. */
export type SegmentWallet = Pick<
  SlimWallet,
  | 'lamports'
  | 'tokenStats'
  | 'isTrader'
  | 'poolCreator'
  | 'importStatus'
  | 'createdAt'
  | 'sourceKind'
  | 'sourceId'
>;

const NON_ZERO_DIGIT = /[1-9]/;

/**
 * An unscanned wallet (lamports null) holds no known SOL, so it counts as 0 here. A u64 decimal
 * string is above zero exactly when it has a non-zero digit: no BigInt per wallet per filter.
 */
function hasSol(wallet: SegmentWallet): boolean {
  return wallet.lamports !== null && NON_ZERO_DIGIT.test(wallet.lamports);
}

function hasTokenBalance(wallet: SegmentWallet): boolean {
  return wallet.tokenStats.withBalance > 0;
}

/**
 * "Recently Added" means: in the latest import batch (the server sets `importStatus` only while a
 * wallet belongs to it, for 24 hours after the import), or created in the last 24 hours. Both
 * halves are kept because the latest import's restored and updated wallets were created long
 * before it, and a wallet created today stays recent after a newer batch takes the badges.
 */
export function isRecentlyAdded(wallet: SegmentWallet, now: number): boolean {
  if (wallet.importStatus !== null) return true;
  const created = Date.parse(wallet.createdAt);
  return !Number.isNaN(created) && now - created >= 0 && now - created < RECENT_WINDOW_MS;
}

/** Spec 2 §5's rules, one segment at a time. */
export function walletInSegment(
  wallet: SegmentWallet,
  segment: WalletSegment,
  context: SegmentContext,
): boolean {
  const seedId = seedIdOfSegment(segment);
  if (seedId !== undefined) {
    return wallet.sourceKind === 'seed' && (seedId === 'all' || wallet.sourceId === seedId);
  }
  switch (segment as BuiltInSegment) {
    case 'nonEmpty':
      return hasSol(wallet) || hasTokenBalance(wallet);
    case 'recent':
      return isRecentlyAdded(wallet, context.now);
    case 'all':
      return true;
    case 'withSol':
      return hasSol(wallet);
    case 'withBalance':
      return hasTokenBalance(wallet);
    case 'zero':
      return wallet.tokenStats.total > 0 && wallet.tokenStats.withBalance === 0;
    case 'trader':
      return wallet.isTrader;
    case 'poolCreators':
      return wallet.poolCreator;
    case 'empty':
      return !hasSol(wallet) && wallet.tokenStats.total === 0;
    case 'middlemen':
      return wallet.sourceKind === 'middleman';
  }
}

export function filterBySegment<W extends SegmentWallet>(
  wallets: readonly W[],
  segment: WalletSegment,
  context: SegmentContext,
): W[] {
  if (segment === 'all') return wallets.slice();
  return wallets.filter((wallet) => walletInSegment(wallet, segment, context));
}

/** Seed wallet counts for the Sources submenu: `all` plus one entry per seed vault id. */
export function seedSourceCounts(wallets: readonly SegmentWallet[]): {
  readonly all: number;
  readonly bySeed: ReadonlyMap<string, number>;
} {
  let all = 0;
  const bySeed = new Map<string, number>();
  for (const wallet of wallets) {
    if (wallet.sourceKind !== 'seed') continue;
    all += 1;
    if (wallet.sourceId !== null)
      bySeed.set(wallet.sourceId, (bySeed.get(wallet.sourceId) ?? 0) + 1);
  }
  return { all, bySeed };
}
