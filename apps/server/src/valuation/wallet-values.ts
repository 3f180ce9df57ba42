import { lamportsAsSolNumber } from '@fleet/core';
/**
 * Each active wallet's holdings as numbers, made once per wallet-list version from the holdings
 * the server keeps (`holdingsForValues` in holdings-model.ts, decision 031), so that valuing every
 * wallet at the prices of the moment is one pass over typed arrays (about a millisecond for
 * 150,000 token accounts) instead of a query per price change. Values are display figures (USD as
 * floating point); lamports stay in the database as integers.
 */
export interface WalletHoldings {
  readonly walletIds: readonly string[];
  /** SOL per wallet, by wallet index (display only). */
  readonly sol: Float64Array;
  /** Token accounts with a balance: their wallet index, mint index and raw amount. */
  readonly accountWallet: Int32Array;
  readonly accountMint: Int32Array;
  readonly accountAmount: Float64Array;
  /** Mints by index, as `accountMint` refers to them. */
  readonly mints: readonly string[];
  /** Active wallets holding a balance of each mint (mints without one are absent). */
  readonly holders: ReadonlyMap<string, number>;
}

/**
 * Holdings from the short text tests write by hand: `id lamports` per wallet and `wallet mint
 * amount` per account with a balance, grouped by wallet; accounts of unlisted wallets dropped.
 */
export function parseWalletHoldings(text: {
  readonly wallets: string;
  readonly accounts: string;
}): WalletHoldings {
  const walletIds: string[] = [];
  const sol: number[] = [];
  const walletIndex = new Map<string, number>();
  eachEntry(text.wallets, (entry) => {
    const space = entry.indexOf(' ');
    const id = entry.slice(0, space);
    walletIndex.set(id, walletIds.length);
    walletIds.push(id);
    sol.push(lamportsAsSolNumber(BigInt(entry.slice(space + 1))));
  });
  const mints: string[] = [];
  const mintIndex = new Map<string, number>();
  const wallet: number[] = [];
  const mint: number[] = [];
  const amount: number[] = [];
  // The accounts come grouped by wallet (the repository orders them), so a wallet with two funded
  // accounts of a mint is one holder when the mint's last counted wallet is this one.
  const holders: number[] = [];
  const lastHolder: number[] = [];
  eachEntry(text.accounts, (entry) => {
    const first = entry.indexOf(' ');
    const second = entry.indexOf(' ', first + 1);
    const w = walletIndex.get(entry.slice(0, first));
    // An archived wallet's account: its wallet is not among the active ones.
    if (w === undefined) return;
    const mintAddress = entry.slice(first + 1, second);
    let m = mintIndex.get(mintAddress);
    if (m === undefined) {
      m = mints.length;
      mintIndex.set(mintAddress, m);
      mints.push(mintAddress);
      holders.push(0);
      lastHolder.push(-1);
    }
    if (lastHolder[m] !== w) {
      lastHolder[m] = w;
      holders[m] = (holders[m] ?? 0) + 1;
    }
    wallet.push(w);
    mint.push(m);
    amount.push(Number(entry.slice(second + 1)));
  });
  return {
    walletIds,
    sol: Float64Array.from(sol),
    accountWallet: Int32Array.from(wallet),
    accountMint: Int32Array.from(mint),
    accountAmount: Float64Array.from(amount),
    mints,
    holders: new Map(mints.map((address, index) => [address, holders[index] ?? 0])),
  };
}

/** Calls `visit` with each comma-separated entry, without building the array of them. */
function eachEntry(text: string, visit: (entry: string) => void): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(',', start);
    if (end === -1) end = text.length;
    visit(text.slice(start, end));
    start = end + 1;
  }
}

/** Every wallet's priced tokens, and what the wallet table needs to tell unpriced from none. */
export interface ValuedWallets {
  /** USD of each wallet's priced token balances, by wallet index. */
  readonly tokensUsd: Float64Array;
  /** Token accounts with a balance, by wallet index. */
  readonly fundedAccounts: Int32Array;
  /** Of those, the accounts of mints nobody priced (their value is unknown, not 0). */
  readonly unpricedAccounts: Int32Array;
  /** The most valuable wallet's index, -1 when there are none. */
  readonly top: number;
}

/**
 * Every wallet's value at `solUsd` (0 when unknown: then wallets rank by tokens alone) and
 * `usdPerRaw` (a mint's price ÷ 10^decimals; unpriced mints absent, so they add nothing), and the
 * index of the most valuable wallet.
 */
export function valueWallets(
  holdings: WalletHoldings,
  solUsd: number,
  usdPerRaw: ReadonlyMap<string, number>,
): ValuedWallets {
  const perMint = Float64Array.from(holdings.mints, (mint) => usdPerRaw.get(mint) ?? Number.NaN);
  const count = holdings.walletIds.length;
  const tokensUsd = new Float64Array(count);
  const fundedAccounts = new Int32Array(count);
  const unpricedAccounts = new Int32Array(count);
  for (let i = 0; i < holdings.accountWallet.length; i++) {
    const w = holdings.accountWallet[i] ?? 0;
    const price = perMint[holdings.accountMint[i] ?? 0] ?? Number.NaN;
    fundedAccounts[w] = (fundedAccounts[w] ?? 0) + 1;
    if (Number.isNaN(price)) unpricedAccounts[w] = (unpricedAccounts[w] ?? 0) + 1;
    else tokensUsd[w] = (tokensUsd[w] ?? 0) + (holdings.accountAmount[i] ?? 0) * price;
  }
  let top = -1;
  let best = -1;
  for (let w = 0; w < count; w++) {
    const value = (holdings.sol[w] ?? 0) * solUsd + (tokensUsd[w] ?? 0);
    if (value > best) {
      best = value;
      top = w;
    }
  }
  return { tokensUsd, fundedAccounts, unpricedAccounts, top };
}

/** Cents are what the table shows; a hundredth of a cent keeps small holdings from reading $0. */
const roundUsd = (usd: number) => Math.round(usd * 10_000) / 10_000;

/**
 * The wallets holding a token balance as the answer's three columns. A wallet none of whose
 * tokens is priced has no token value (null), not $0; one with some priced says how many are not.
 */
export function walletValueColumns(
  walletIds: readonly string[],
  values: ValuedWallets,
): { ids: string[]; tokensUsd: (number | null)[]; unpricedTokens: number[] } {
  const ids: string[] = [];
  const tokensUsd: (number | null)[] = [];
  const unpricedTokens: number[] = [];
  for (let w = 0; w < walletIds.length; w++) {
    const funded = values.fundedAccounts[w] ?? 0;
    if (funded === 0) continue;
    const unpriced = values.unpricedAccounts[w] ?? 0;
    ids.push(walletIds[w] ?? '');
    tokensUsd.push(unpriced === funded ? null : roundUsd(values.tokensUsd[w] ?? 0));
    unpricedTokens.push(unpriced);
  }
  return { ids, tokensUsd, unpricedTokens };
}
