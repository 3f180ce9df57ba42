// Simulating a transaction (simulateTransaction, and sendTransaction's preflight): it runs against
// the chain's current state, which it leaves as it was, and reports what landing it would do.

import { FailedTransactionMetadata, type LiteSvm } from 'litesvm/dist/internal.js';

import { encodeBase58 } from '../codec/base58.js';
import type { TokenBalance } from '../history/transaction-record.js';
import type { AccountState } from './account-state.js';
import { outcomeOf, type ExecutionOutcome } from './execution-outcome.js';
import { feeOf } from './fees.js';
import { accountState } from './native-account.js';
import type { TokenView } from './token-view.js';
import { transactionErrorJson, type TransactionErrorJson } from './transaction-error.js';
import { isErrorJson, resolveKeys, type ResolvedKeys } from './transaction-loading.js';
import type { WireTransaction } from './wire-transaction.js';

export interface SimulationOutcome extends ExecutionOutcome {
  readonly fee: bigint;
  readonly keys: ResolvedKeys | null;
  readonly postAccounts: ReadonlyMap<string, AccountState>;
  readonly preBalances: readonly bigint[];
  readonly postBalances: readonly bigint[];
  readonly preTokenBalances: readonly TokenBalance[];
  /** Bytes of account data the transaction loads (its keys' data; program data not included). */
  readonly loadedAccountsDataSize: number;
  readonly postTokenBalances: readonly TokenBalance[];
}

/** What of the chain a simulation reads (the LocalChain). */
export interface SimulationContext {
  readonly svm: LiteSvm;
  readonly tokens: TokenView;
  getAccount(address: string): AccountState | null;
  precheck(tx: WireTransaction): TransactionErrorJson | null;
}

export function simulateTransaction(
  chain: SimulationContext,
  tx: WireTransaction,
  options: { sigVerify: boolean; checkBlockhash: boolean },
): SimulationOutcome {
  const fee = feeOf(tx);
  const resolved = resolveKeys(tx, (address) => chain.getAccount(address));
  const empty = {
    fee,
    postAccounts: new Map<string, AccountState>(),
    preBalances: [],
    postBalances: [],
    preTokenBalances: [],
    loadedAccountsDataSize: 0,
    postTokenBalances: [],
  };
  const fail = (err: TransactionErrorJson): SimulationOutcome => ({
    ...empty,
    err,
    logs: [],
    unitsConsumed: 0n,
    innerInstructions: [],
    returnData: null,
    keys: isErrorJson(resolved) ? null : resolved,
  });
  if (isErrorJson(resolved)) return fail(resolved);
  if (options.checkBlockhash) {
    const err = chain.precheck(tx);
    if (err !== null) return fail(err);
  }
  const pre = resolved.keys.map((key) => chain.getAccount(key));
  const preBalances = pre.map((account) => account?.lamports ?? 0n);
  const preTokenBalances = chain.tokens.balances(pre);
  const loadedAccountsDataSize = pre.reduce((sum, account) => sum + (account?.data.length ?? 0), 0);
  const sigverify = chain.svm.getSigverify();
  if (!options.sigVerify) chain.svm.setSigverify(false);
  let result;
  try {
    result =
      tx.version === 'legacy'
        ? chain.svm.simulateLegacyTransaction(tx.bytes)
        : chain.svm.simulateVersionedTransaction(tx.bytes);
  } finally {
    if (!options.sigVerify) chain.svm.setSigverify(sigverify);
  }
  if (result instanceof FailedTransactionMetadata) {
    return {
      ...empty,
      ...outcomeOf(result.meta(), transactionErrorJson(result)),
      keys: resolved,
      preBalances,
      postBalances: preBalances,
      preTokenBalances,
      postTokenBalances: preTokenBalances,
      loadedAccountsDataSize,
    };
  }
  const postAccounts = new Map<string, AccountState>();
  for (const entry of result.postAccounts()) {
    postAccounts.set(encodeBase58(entry.address), accountState(entry.account()));
  }
  const post = resolved.keys.map((key, i) => postAccounts.get(key) ?? pre[i] ?? null);
  return {
    ...outcomeOf(result.meta(), null),
    fee,
    keys: resolved,
    postAccounts,
    preBalances,
    postBalances: post.map((account) => account?.lamports ?? 0n),
    preTokenBalances,
    loadedAccountsDataSize,
    postTokenBalances: chain.tokens.balances(post),
  };
}
