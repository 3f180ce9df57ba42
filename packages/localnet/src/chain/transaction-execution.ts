// Executing a transaction for real, the part of landing that happens inside LiteSVM: it runs and
// pays its fee, and what it did is read back as its history record and the complete state of every
// account it could write. It has landed only once the chain's journal has recorded that, so the
// chain gets a way to undo it too.

import { FailedTransactionMetadata, type LiteSvm } from 'litesvm/dist/internal.js';

import { decodeBase58 } from '../codec/base58.js';
import { encodeBase64 } from '../codec/base64.js';
import type { TransactionIndex } from '../history/transaction-index.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import type { AccountState } from './account-state.js';
import { CLOSED_ACCOUNT, type AccountWrite } from './chain-journal.js';
import { memoOf, outcomeOf } from './execution-outcome.js';
import { feeOf } from './fees.js';
import { accountState, nativeAccount } from './native-account.js';
import type { TokenView } from './token-view.js';
import { transactionErrorJson, type TransactionErrorJson } from './transaction-error.js';
import { isErrorJson, resolveKeys } from './transaction-loading.js';
import { isWritableIndex, type WireTransaction } from './wire-transaction.js';

/** What of the chain an execution reads (the LocalChain). */
export interface ExecutionContext {
  readonly svm: LiteSvm;
  readonly index: TransactionIndex;
  readonly tokens: TokenView;
  readonly slot: bigint;
  unixTimestamp(): number;
  getAccount(address: string): AccountState | null;
  getAccountByBytes(addressBytes: Uint8Array): AccountState | null;
}

/** A transaction LiteSVM has run and charged: in its state already, in the chain's not yet. */
export interface Execution {
  readonly charged: true;
  readonly record: TransactionRecord;
  /** Every key of the transaction, lookup-table keys included. */
  readonly keys: readonly string[];
  /** The complete post-state of every account the transaction could write, in key order. */
  readonly writes: readonly AccountWrite[];
  /** Gives the written accounts the state they had before the transaction back. */
  undo(): void;
}

/** A transaction that could not be loaded or failed before its fee was charged. */
export interface NotCharged {
  readonly charged: false;
  readonly err: TransactionErrorJson;
}

/** Runs a transaction that passed the chain's precheck. */
export function executeTransaction(
  chain: ExecutionContext,
  tx: WireTransaction,
): Execution | NotCharged {
  const resolved = resolveKeys(tx, (address) => chain.getAccount(address));
  if (isErrorJson(resolved)) return { charged: false, err: resolved };
  const keyBytes = resolved.keys.map((key, i) => tx.staticKeyBytes[i] ?? decodeBase58(key));
  const pre = keyBytes.map((bytes) => chain.getAccountByBytes(bytes));
  const result =
    tx.version === 'legacy'
      ? chain.svm.sendLegacyTransaction(tx.bytes)
      : chain.svm.sendVersionedTransaction(tx.bytes);
  const isWritable = resolved.keys.map((_, i) =>
    isWritableIndex(tx, i, resolved.loadedWritable.length),
  );
  // Only writable accounts can change (the runtime enforces it): their complete post-state is
  // what the journal records, and the others are read back as before.
  const writes: AccountWrite[] = [];
  const post = keyBytes.map((bytes, i) => {
    if (!isWritable[i]) return chain.getAccountByBytes(bytes);
    const write = accountWrite(chain.svm, resolved.keys[i] ?? '', bytes);
    writes.push(write);
    return write.account.lamports === 0n ? null : write.account;
  });
  const failed = result instanceof FailedTransactionMetadata;
  const err = failed ? transactionErrorJson(result) : null;
  if (failed && (pre[0]?.lamports ?? 0n) === (post[0]?.lamports ?? 0n)) {
    return { charged: false, err: err ?? 'SanitizeFailure' };
  }
  const outcome = outcomeOf(failed ? result.meta() : result, err);
  const record: TransactionRecord = {
    seq: chain.index.nextSeq(),
    signature: tx.signature,
    slot: chain.slot,
    blockTime: chain.unixTimestamp(),
    wire: encodeBase64(tx.bytes),
    loadedAddresses: { writable: resolved.loadedWritable, readonly: resolved.loadedReadonly },
    fee: feeOf(tx),
    err,
    preBalances: pre.map((a) => a?.lamports ?? 0n),
    postBalances: post.map((a) => a?.lamports ?? 0n),
    preTokenBalances: chain.tokens.balances(pre),
    postTokenBalances: chain.tokens.balances(post),
    logMessages: outcome.logs,
    computeUnitsConsumed: outcome.unitsConsumed,
    innerInstructions: outcome.innerInstructions,
    memo: memoOf(tx),
  };
  return {
    charged: true,
    record,
    keys: resolved.keys,
    writes,
    undo: () => {
      keyBytes.forEach((bytes, i) => {
        if (isWritable[i]) chain.svm.setAccount(bytes, nativeAccount(pre[i] ?? CLOSED_ACCOUNT));
      });
    },
  };
}

/** The complete state of an account as LiteSVM holds it, for the journal. */
function accountWrite(svm: LiteSvm, address: string, key: Uint8Array): AccountWrite {
  const account = svm.getAccount(key);
  if (account === null) return { address, account: CLOSED_ACCOUNT };
  return { address, account: accountState(account) };
}
