// An account state as LiteSVM's native object, for writes (fixtures, undoing a landing, replay).

import { Account } from 'litesvm/dist/internal.js';

import { decodeBase58 } from '../codec/base58.js';
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
