// An account state as LiteSVM's native object and back, for writes (fixtures, undoing a landing,
// replay) and for what a transaction left behind (the journal, a simulation's post-state).

import { Account } from 'litesvm/dist/internal.js';

import { decodeBase58, encodeBase58 } from '../codec/base58.js';
import type { AccountState } from './account-state.js';

export function nativeAccount(account: AccountState): Account {
  return new Account(
    account.lamports,
    account.data,
    decodeBase58(account.owner),
    account.executable,
    account.rentEpoch,
  );
}

/** The complete state of a native account: every field read, unlike the chain's fast reads. */
export function accountState(account: Account): AccountState {
  return {
    lamports: account.lamports(),
    data: account.data(),
    owner: encodeBase58(account.owner()),
    executable: account.executable(),
    rentEpoch: account.rentEpoch(),
  };
}
