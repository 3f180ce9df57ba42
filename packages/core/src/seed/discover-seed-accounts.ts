/**
 * "Discover" for a seed (spec 3 §5, stop-after-inactive): derive accounts from `start` in batches,
 * ask the chain which were ever used, and stop once `stopAfterEmpty` accounts in a row are empty or
 * `maxAccounts` have been derived. A batch never reaches past the point where the run could end, so
 * no account is derived or scanned beyond the stop. Derivation and the chain come in through `ctx`;
 * this function does no I/O of its own.
 */
export const DISCOVERY_DEFAULTS = Object.freeze({
  stopAfterEmpty: 10,
  maxAccounts: 100,
  batchSize: 20,
});

export interface DiscoveryContext<A extends { readonly address: string }> {
  /** Accounts `start` … `start + count − 1`, in index order. */
  derive(start: number, count: number): Promise<readonly A[]>;
  /** Whether each address was ever used; rejects when the chain could not say for one of them. */
  used(addresses: readonly string[]): Promise<ReadonlyMap<string, boolean>>;
}

export interface DiscoveryOptions {
  readonly start: number;
  readonly stopAfterEmpty: number;
  readonly maxAccounts: number;
  readonly batchSize?: number;
}

export interface DiscoveredAccount<A> {
  readonly account: A;
  readonly used: boolean;
}

export interface DiscoveryResult<A> {
  readonly accounts: readonly DiscoveredAccount<A>[];
  /** `empty-run`: the last `stopAfterEmpty` accounts were empty; `limit`: `maxAccounts` reached. */
  readonly stoppedBy: 'empty-run' | 'limit';
}

export async function discoverSeedAccounts<A extends { readonly address: string }>(
  ctx: DiscoveryContext<A>,
  options: DiscoveryOptions,
): Promise<DiscoveryResult<A>> {
  const { start, stopAfterEmpty, maxAccounts } = options;
  const batchSize = options.batchSize ?? DISCOVERY_DEFAULTS.batchSize;
  for (const [name, value] of [
    ['stopAfterEmpty', stopAfterEmpty],
    ['maxAccounts', maxAccounts],
    ['batchSize', batchSize],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be at least 1`);
  }
  const found: DiscoveredAccount<A>[] = [];
  let emptyRun = 0;
  while (found.length < maxAccounts && emptyRun < stopAfterEmpty) {
    const count = Math.min(batchSize, maxAccounts - found.length, stopAfterEmpty - emptyRun);
    const batch = await ctx.derive(start + found.length, count);
    if (batch.length !== count) throw new Error('The deriver answered another number of accounts');
    const used = await ctx.used(batch.map((account) => account.address));
    for (const account of batch) {
      const wasUsed = used.get(account.address);
      if (wasUsed === undefined) throw new Error(`No answer for ${account.address}`);
      found.push(Object.freeze({ account, used: wasUsed }));
      emptyRun = wasUsed ? 0 : emptyRun + 1;
    }
  }
  return Object.freeze({
    accounts: Object.freeze(found),
    stoppedBy: emptyRun >= stopAfterEmpty ? 'empty-run' : 'limit',
  });
}

/** "Empty" for discovery: never used — no lamports and no token accounts at all. */
export function wasEverUsed(wallet: {
  readonly lamports: string | null;
  readonly tokenAccounts: number;
}): boolean {
  return (wallet.lamports !== null && wallet.lamports !== '0') || wallet.tokenAccounts > 0;
}
