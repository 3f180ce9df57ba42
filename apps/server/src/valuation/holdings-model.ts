import { lamportsAsSolNumber } from '@fleet/core';
import type { HeldMintRow, WalletCountsRow } from './valuation-repository';
import type { WalletHoldings } from './wallet-values';

/**
 * A tenant's holdings as the valuation keeps them between requests (decision 031): every active
 * wallet with all its token accounts (with a balance or not), and the sums the valuation shows,
 * kept exact. Built whole from one read, or from the previous model and the wallets changed
 * since it (`applyHoldings`): a changed wallet's old contribution is taken out of the sums and its
 * new one put in, so a change of one wallet costs a read of one wallet and one pass over the
 * arrays, not a read of 150,000 accounts. A model is never changed once built: requests that
 * still value wallets over it are unaffected by the next one.
 */
export interface HoldingsModel {
  readonly walletIds: readonly string[];
  readonly lamports: readonly Exact[];
  /** SOL per wallet, for display. */
  readonly sol: Float64Array;
  /** Wallet `w`'s accounts are `start[w]` up to `start[w + 1]`. */
  readonly start: Int32Array;
  readonly accountMint: Int32Array;
  readonly accountAmount: readonly Exact[];
  readonly mints: readonly string[];
  readonly mintIndex: ReadonlyMap<string, number>;
  readonly perMint: MintSums;
  readonly counts: WalletSums;
}

/** An exact integer: a number while it is a safe integer, a bigint beyond (sums can pass 2^53). */
export type Exact = number | bigint;

interface MintSums {
  /** The largest decimals any of the mint's accounts declared. */
  readonly decimals: number[];
  readonly instances: number[];
  readonly funded: number[];
  readonly holders: number[];
  readonly amount: Exact[];
}

interface WalletSums {
  total: number;
  withSol: number;
  withAssets: number;
  withClosable: number;
  lamports: Exact;
  closable: number;
}

/**
 * What the repository reads, as text: `id lamports` per active wallet, comma-separated; and the
 * token accounts grouped by mint, groups separated by `;`, each `mint decimals` followed by
 * `,wallet amount` per account (with a balance or not). Accounts of wallets not listed, such as
 * archived ones, are dropped.
 */
export interface HoldingsText {
  readonly wallets: string;
  readonly accounts: string;
}

export function buildHoldings(text: HoldingsText): HoldingsModel {
  return assemble(null, new Set(), text);
}

/**
 * The model after `changed` wallets (changed, archived, restored, deleted or new) took the state
 * `text` reads for them: a changed wallet absent from `text.wallets` is no longer active.
 */
export function applyHoldings(
  base: HoldingsModel,
  changed: ReadonlySet<string>,
  text: HoldingsText,
): HoldingsModel {
  return assemble(base, changed, text);
}

function assemble(
  base: HoldingsModel | null,
  changed: ReadonlySet<string>,
  text: HoldingsText,
): HoldingsModel {
  const mints = base ? [...base.mints] : [];
  const mintIndex = new Map(base?.mintIndex);
  const perMint: MintSums = {
    decimals: base ? [...base.perMint.decimals] : [],
    instances: base ? [...base.perMint.instances] : [],
    funded: base ? [...base.perMint.funded] : [],
    holders: base ? [...base.perMint.holders] : [],
    amount: base ? [...base.perMint.amount] : [],
  };
  const counts: WalletSums = base
    ? { ...base.counts }
    : { total: 0, withSol: 0, withAssets: 0, withClosable: 0, lamports: 0, closable: 0 };
  // Holders count a wallet once per mint: `seen[m] === stamp` while one wallet is counted.
  const seen: number[] = [];
  let stamp = 0;
  const contribute = (
    sign: 1 | -1,
    lamports: Exact,
    accountMint: ArrayLike<number>,
    accountAmount: readonly Exact[],
    from: number,
    to: number,
  ) => {
    stamp += 1;
    counts.total += sign;
    if (lamports > 0) counts.withSol += sign;
    counts.lamports =
      sign === 1 ? plus(counts.lamports, lamports) : minus(counts.lamports, lamports);
    let funded = 0;
    for (let a = from; a < to; a++) {
      const m = accountMint[a] ?? 0;
      const amount = accountAmount[a] ?? 0;
      perMint.instances[m] = (perMint.instances[m] ?? 0) + sign;
      if (amount > 0) {
        funded += 1;
        perMint.funded[m] = (perMint.funded[m] ?? 0) + sign;
        const sum = perMint.amount[m] ?? 0;
        perMint.amount[m] = sign === 1 ? plus(sum, amount) : minus(sum, amount);
        if (seen[m] !== stamp) {
          seen[m] = stamp;
          perMint.holders[m] = (perMint.holders[m] ?? 0) + sign;
        }
      }
    }
    if (funded > 0) counts.withAssets += sign;
    if (to - from > funded) counts.withClosable += sign;
    counts.closable += sign * (to - from - funded);
  };

  // 1. The wallets read, as they are now.
  const readIds: string[] = [];
  const readLamports: Exact[] = [];
  const { wallets } = text;
  for (let at = 0; at < wallets.length;) {
    const space = wallets.indexOf(' ', at);
    let end = wallets.indexOf(',', space);
    if (end === -1) end = wallets.length;
    readIds.push(wallets.slice(at, space));
    readLamports.push(integerAt(wallets, space + 1, end));
    at = end + 1;
  }
  const readIndex = new Map(readIds.map((id, k) => [id, k]));

  // 2. The changed wallets, and any read again, leave with what they held; the others stay, in
  //    runs of neighbours that are copied whole below.
  const runs: number[] = [];
  if (base) {
    let runStart = -1;
    for (let w = 0; w < base.walletIds.length; w++) {
      const id = base.walletIds[w] ?? '';
      if (changed.has(id) || readIndex.has(id)) {
        const from = base.start[w] ?? 0;
        const to = base.start[w + 1] ?? 0;
        contribute(-1, base.lamports[w] ?? 0, base.accountMint, base.accountAmount, from, to);
        if (runStart >= 0) runs.push(runStart, w);
        runStart = -1;
      } else if (runStart < 0) runStart = w;
    }
    if (runStart >= 0) runs.push(runStart, base.walletIds.length);
  }

  // 3. The wallets read come in with their accounts, mint by mint.
  const readWallet: number[] = [];
  const readMint: number[] = [];
  const readAmount: Exact[] = [];
  const { accounts } = text;
  for (let at = 0; at < accounts.length;) {
    let groupEnd = accounts.indexOf(';', at);
    if (groupEnd === -1) groupEnd = accounts.length;
    const space = accounts.indexOf(' ', at);
    let first = accounts.indexOf(',', space);
    if (first === -1 || first > groupEnd) first = groupEnd;
    const address = accounts.slice(at, space);
    let m = mintIndex.get(address);
    if (m === undefined) {
      m = mints.length;
      mints.push(address);
      mintIndex.set(address, m);
      perMint.decimals.push(0);
      perMint.instances.push(0);
      perMint.funded.push(0);
      perMint.holders.push(0);
      perMint.amount.push(0);
    }
    const decimals = Number(integerAt(accounts, space + 1, first));
    if (decimals > (perMint.decimals[m] ?? 0)) perMint.decimals[m] = decimals;
    for (let entry = first + 1; entry < groupEnd;) {
      const gap = accounts.indexOf(' ', entry);
      let end = accounts.indexOf(',', gap);
      if (end === -1 || end > groupEnd) end = groupEnd;
      const k = readIndex.get(accounts.slice(entry, gap));
      if (k !== undefined) {
        readWallet.push(k);
        readMint.push(m);
        readAmount.push(integerAt(accounts, gap + 1, end));
      }
      entry = end + 1;
    }
    at = groupEnd + 1;
  }
  // Grouped by wallet (a counting sort: no order is asked of the database).
  const readStart = new Int32Array(readIds.length + 1);
  for (const k of readWallet) readStart[k + 1] = (readStart[k + 1] ?? 0) + 1;
  for (let k = 0; k < readIds.length; k++)
    readStart[k + 1] = (readStart[k + 1] ?? 0) + (readStart[k] ?? 0);
  const next = readStart.slice(0, readIds.length);
  const addedMint = new Int32Array(readWallet.length);
  const addedAmount = readAmount.slice();
  for (let a = 0; a < readWallet.length; a++) {
    const k = readWallet[a] ?? 0;
    const at = next[k] ?? 0;
    next[k] = at + 1;
    addedMint[at] = readMint[a] ?? 0;
    addedAmount[at] = readAmount[a] ?? 0;
  }
  for (let k = 0; k < readIds.length; k++)
    contribute(
      1,
      readLamports[k] ?? 0,
      addedMint,
      addedAmount,
      readStart[k] ?? 0,
      readStart[k + 1] ?? 0,
    );

  // 4. The arrays: the kept runs in their order, then the wallets read.
  let keptWallets = 0;
  let keptAccounts = 0;
  for (let r = 0; r < runs.length; r += 2) {
    keptWallets += (runs[r + 1] ?? 0) - (runs[r] ?? 0);
    keptAccounts += (base?.start[runs[r + 1] ?? 0] ?? 0) - (base?.start[runs[r] ?? 0] ?? 0);
  }
  const walletCount = keptWallets + readIds.length;
  const sol = new Float64Array(walletCount);
  const start = new Int32Array(walletCount + 1);
  const accountMint = new Int32Array(keptAccounts + addedMint.length);
  const idParts: string[][] = [];
  const lamportParts: Exact[][] = [];
  const amountParts: Exact[][] = [];
  let w = 0;
  let a = 0;
  if (base)
    for (let r = 0; r < runs.length; r += 2) {
      const w0 = runs[r] ?? 0;
      const w1 = runs[r + 1] ?? 0;
      const a0 = base.start[w0] ?? 0;
      const a1 = base.start[w1] ?? 0;
      idParts.push(base.walletIds.slice(w0, w1));
      lamportParts.push(base.lamports.slice(w0, w1));
      amountParts.push(base.accountAmount.slice(a0, a1));
      sol.set(base.sol.subarray(w0, w1), w);
      accountMint.set(base.accountMint.subarray(a0, a1), a);
      for (let v = w0; v < w1; v++) start[w + v - w0] = (base.start[v] ?? 0) - a0 + a;
      w += w1 - w0;
      a += a1 - a0;
    }
  idParts.push(readIds);
  lamportParts.push(readLamports);
  amountParts.push(addedAmount);
  accountMint.set(addedMint, a);
  for (let k = 0; k < readIds.length; k++) {
    sol[w + k] = lamportsAsSolNumber(BigInt(readLamports[k] ?? 0));
    start[w + k] = a + (readStart[k] ?? 0);
  }
  start[walletCount] = a + addedMint.length;
  return {
    walletIds: joined(idParts),
    lamports: joined(lamportParts),
    sol,
    start,
    accountMint,
    accountAmount: joined(amountParts),
    mints,
    mintIndex,
    perMint,
    counts,
  };
}

function joined<T>(parts: readonly T[][]): T[] {
  return parts.length === 1 ? (parts[0] ?? []) : ([] as T[]).concat(...parts);
}

/** The mints the active wallets have accounts of (with a balance or not). */
export function heldMints(model: HoldingsModel): string[] {
  return model.mints.filter((_, m) => (model.perMint.instances[m] ?? 0) > 0);
}

/**
 * The per-mint rows and wallet counts the valuation shows, with the mints' names and symbols
 * (`names`, from the shared `mints` table) and the master wallet.
 */
export function holdingsFigures(
  model: HoldingsModel,
  names: ReadonlyMap<string, { readonly symbol: string | null; readonly name: string | null }>,
  master: { readonly address: string | null; readonly walletId: string | null },
): { readonly mints: HeldMintRow[]; readonly counts: WalletCountsRow } {
  const { perMint, counts } = model;
  const mints: HeldMintRow[] = [];
  model.mints.forEach((mint, m) => {
    const instances = perMint.instances[m] ?? 0;
    if (instances <= 0) return;
    const named = names.get(mint);
    mints.push({
      mint,
      symbol: named?.symbol ?? null,
      name: named?.name ?? null,
      decimals: perMint.decimals[m] ?? 0,
      instances,
      instancesWithBalance: perMint.funded[m] ?? 0,
      amount: String(perMint.amount[m] ?? 0),
    });
  });
  return {
    mints,
    counts: {
      total: counts.total,
      withSol: counts.withSol,
      withAssets: counts.withAssets,
      withClosable: counts.withClosable,
      lamports: String(counts.lamports),
      closable: counts.closable,
      masterAddress: master.address,
      masterWalletId: master.walletId,
    },
  };
}

/** The accounts with a balance as typed arrays, for valuing every wallet at the moment's prices. */
export function holdingsForValues(model: HoldingsModel): WalletHoldings {
  const funded = model.accountAmount.reduce<number>((n, amount) => (amount > 0 ? n + 1 : n), 0);
  const accountWallet = new Int32Array(funded);
  const accountMint = new Int32Array(funded);
  const accountAmount = new Float64Array(funded);
  let f = 0;
  for (let w = 0; w < model.walletIds.length; w++) {
    const to = model.start[w + 1] ?? 0;
    for (let a = model.start[w] ?? 0; a < to; a++) {
      const amount = model.accountAmount[a] ?? 0;
      if (amount > 0) {
        accountWallet[f] = w;
        accountMint[f] = model.accountMint[a] ?? 0;
        accountAmount[f] = Number(amount);
        f += 1;
      }
    }
  }
  const holders = new Map<string, number>();
  model.mints.forEach((mint, m) => {
    const count = model.perMint.holders[m] ?? 0;
    if (count > 0) holders.set(mint, count);
  });
  return {
    walletIds: model.walletIds,
    sol: model.sol,
    accountWallet,
    accountMint,
    accountAmount,
    mints: model.mints,
    holders,
  };
}

/**
 * The decimal integer `text[from, to)`: read digit by digit while it stays a safe integer (no
 * string made), as a bigint beyond.
 */
function integerAt(text: string, from: number, to: number): Exact {
  if (to - from < 16) {
    let value = 0;
    for (let i = from; i < to; i++) value = value * 10 + (text.charCodeAt(i) - 48);
    return value;
  }
  return exact(BigInt(text.slice(from, to)));
}

function exact(value: bigint): Exact {
  return value >= -MAX_SAFE && value <= MAX_SAFE ? Number(value) : value;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

// Safe integers add exactly while the sum stays safe; a sum past 2^53 - 1 comes out of the
// floating-point addition unsafe (never rounded back below), so the check is sound.
function plus(a: Exact, b: Exact): Exact {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return exact(BigInt(a) + BigInt(b));
}

function minus(a: Exact, b: Exact): Exact {
  if (typeof a === 'number' && typeof b === 'number') {
    const difference = a - b;
    if (Number.isSafeInteger(difference)) return difference;
  }
  return exact(BigInt(a) - BigInt(b));
}
