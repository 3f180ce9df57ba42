// The checks of a token operation after kill -9s (issue 19, "Trust"): its token accounts on chain
// against the ledger's items. Pure, so a test can feed it a broken history and see each count
// move.

import type { OperationDetail } from '@fleet/core';

export type TokenOperationKind = 'close' | 'burn' | 'spl-withdraw' | 'spl-distribute';

/**
 * An item's token accounts: a close's or a burn's is the account it closes alone (its `to` is
 * where the rent goes, a SOL address); a transfer's, both ends.
 */
const accountsOfItem = (kind: TokenOperationKind, item: OperationDetail['items'][number]) =>
  kind === 'close' || kind === 'burn' ? [item.from] : [item.from, item.to];

/** A token account as the chain has it; null for one that does not exist (never made, or closed). */
export type TokenAccounts = ReadonlyMap<
  string,
  { readonly amount: bigint; readonly lamports: bigint } | null
>;

export interface TokenChecks {
  /** Items the ledger has as confirmed and the chain shows applied exactly once. */
  readonly paidOnce: number;
  /** Items the chain shows applied not exactly once (never, or twice): 0 when all succeeded. */
  readonly wrongItems: number;
  /** Token accounts whose change on chain is not what the ledger's confirmed items say. */
  readonly ledgerMismatches: number;
}

/**
 * The token accounts against the ledger's items: where each account should be given the
 * confirmed items alone (a confirmed close or closing withdrawal: gone; a transfer: its amount
 * moved once), and each item's own accounts (those no other item shares) showing it once.
 * `watched` is every token account an item may move, read before the operation and after; an
 * item moving any other counts as a mismatch.
 */
export function holdAgainstChain(
  kind: TokenOperationKind,
  detail: Pick<OperationDetail, 'items'>,
  before: TokenAccounts,
  after: TokenAccounts,
  watched: readonly string[],
): TokenChecks {
  const amountBefore = (account: string) => before.get(account)?.amount ?? 0n;
  const watchedSet = new Set(watched);
  const expected = new Map(watched.map((account) => [account, amountBefore(account)]));
  const closed = new Set<string>();
  const uses = new Map<string, number>();
  let unwatched = 0;
  for (const item of detail.items) {
    for (const account of accountsOfItem(kind, item)) {
      uses.set(account, (uses.get(account) ?? 0) + 1);
      if (!watchedSet.has(account)) unwatched += 1;
    }
    if (item.status !== 'confirmed') continue;
    const amount = BigInt(item.tokenAmount ?? '0');
    expected.set(item.from, (expected.get(item.from) ?? 0n) - amount);
    expected.set(item.to, (expected.get(item.to) ?? 0n) + amount);
    // A close, a burn (its close in the same transaction), or a withdrawal that closes what it
    // empties (its rent comes with it).
    if (
      kind === 'close' ||
      kind === 'burn' ||
      (kind === 'spl-withdraw' && BigInt(item.lamports) > 0n)
    ) {
      closed.add(item.from);
    }
  }
  const wrong = (account: string): boolean => {
    const now = after.get(account) ?? null;
    if (closed.has(account)) return now !== null;
    if ((before.get(account) ?? null) !== null && now === null) return true;
    return (now?.amount ?? 0n) !== (expected.get(account) ?? 0n);
  };
  let paidOnce = 0;
  for (const item of detail.items) {
    if (item.status !== 'confirmed') continue;
    const own = accountsOfItem(kind, item).filter((account) => uses.get(account) === 1);
    if (own.length > 0 && own.every((account) => !wrong(account))) paidOnce += 1;
  }
  return {
    paidOnce,
    wrongItems: detail.items.length - paidOnce,
    ledgerMismatches: watched.filter(wrong).length + unwatched,
  };
}

/**
 * Mints whose supply did not fall by exactly what the ledger's confirmed burns held: each burns
 * its account's whole balance as it was before the operation, so a burn landed twice (or one the
 * ledger has as confirmed that never landed, or one it lacks that did) moves a supply by other
 * than that sum. `supplies` holds each burned mint's supply before and after.
 */
export function supplyMismatches(
  detail: Pick<OperationDetail, 'items'>,
  before: TokenAccounts,
  supplies: ReadonlyMap<string, { readonly before: bigint; readonly after: bigint }>,
): number {
  const burned = new Map<string, bigint>([...supplies.keys()].map((mint) => [mint, 0n]));
  let unknownMints = 0;
  for (const item of detail.items) {
    if (item.status !== 'confirmed') continue;
    const mint = item.mint ?? '';
    const sum = burned.get(mint);
    if (sum === undefined) {
      unknownMints += 1;
      continue;
    }
    burned.set(mint, sum + (before.get(item.from)?.amount ?? 0n));
  }
  let wrong = unknownMints;
  for (const [mint, supply] of supplies) {
    if (supply.before - supply.after !== burned.get(mint)) wrong += 1;
  }
  return wrong;
}
