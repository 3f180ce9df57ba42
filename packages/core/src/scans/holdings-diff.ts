/**
 * How a wallet's stored numbers compare with what the chain said of it: the counts every sync
 * scan reports (spec 2 §3). Amounts are raw units and lamports as bigint; nothing is rounded.
 */

/** A wallet as stored: its lamports (null before its first scan) and token amounts by account. */
export interface StoredHoldings {
  readonly lamports: bigint | null;
  readonly accounts: ReadonlyMap<string, bigint>;
}

/** A wallet as the chain answered. */
export interface ChainHoldings {
  readonly lamports: bigint;
  readonly tokens: readonly { readonly account: string; readonly amount: bigint }[];
  /**
   * Stored accounts the chain no longer has for the wallet. A cold read sees every account, so it
   * leaves this out and every stored account it did not find counts as gone; a re-scan reads only
   * the known accounts and names the gone ones itself.
   */
  readonly droppedAccounts?: readonly string[];
}

export interface HoldingsDiff {
  readonly lamportsChanged: boolean;
  /** On the chain, not stored. */
  readonly missingAccounts: number;
  /** Stored, no longer on the chain for this wallet. */
  readonly goneAccounts: number;
  /** Stored and on the chain with another amount. */
  readonly differentAmounts: number;
}

export function diffHoldings(stored: StoredHoldings, chain: ChainHoldings): HoldingsDiff {
  let missingAccounts = 0;
  let differentAmounts = 0;
  const seen = new Set<string>();
  for (const token of chain.tokens) {
    seen.add(token.account);
    const amount = stored.accounts.get(token.account);
    if (amount === undefined) missingAccounts += 1;
    else if (amount !== token.amount) differentAmounts += 1;
  }
  const goneAccounts =
    chain.droppedAccounts === undefined
      ? [...stored.accounts.keys()].filter((account) => !seen.has(account)).length
      : chain.droppedAccounts.filter((account) => stored.accounts.has(account)).length;
  return {
    lamportsChanged: stored.lamports !== chain.lamports,
    missingAccounts,
    goneAccounts,
    differentAmounts,
  };
}

/** True when the wallet's stored numbers are exactly the chain's. */
export function holdingsMatch(diff: HoldingsDiff): boolean {
  return (
    !diff.lamportsChanged &&
    diff.missingAccounts === 0 &&
    diff.goneAccounts === 0 &&
    diff.differentAmounts === 0
  );
}
