// Loading a transaction before it runs: its lookup-table keys resolved against the accounts, and
// the durable nonce that may stand in for its blockhash.

import { encodeBase58 } from '../codec/base58.js';
import type { AccountState } from './account-state.js';
import { LOOKUP_TABLE_META_SIZE } from './lookup-table-layout.js';
import { ADDRESS_LOOKUP_TABLE_PROGRAM, SYSTEM_PROGRAM } from './program-ids.js';
import type { TransactionErrorJson } from './transaction-error.js';
import type { WireTransaction } from './wire-transaction.js';

export interface ResolvedKeys {
  readonly keys: readonly string[];
  readonly loadedWritable: readonly string[];
  readonly loadedReadonly: readonly string[];
}

/** Resolves lookup-table keys; an error means the transaction cannot be loaded at all. */
export function resolveKeys(
  tx: WireTransaction,
  getAccount: (address: string) => AccountState | null,
): ResolvedKeys | TransactionErrorJson {
  const loadedWritable: string[] = [];
  const loadedReadonly: string[] = [];
  for (const lookup of tx.lookups) {
    const table = getAccount(lookup.accountKey);
    if (table === null) return 'AddressLookupTableNotFound';
    if (table.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return 'InvalidAddressLookupTableOwner';
    const count = Math.floor((table.data.length - LOOKUP_TABLE_META_SIZE) / 32);
    const at = (i: number): string | null =>
      i < count
        ? encodeBase58(
            table.data.subarray(
              LOOKUP_TABLE_META_SIZE + 32 * i,
              LOOKUP_TABLE_META_SIZE + 32 * i + 32,
            ),
          )
        : null;
    for (const i of lookup.writableIndexes) {
      const key = at(i);
      if (key === null) return 'InvalidAddressLookupTableIndex';
      loadedWritable.push(key);
    }
    for (const i of lookup.readonlyIndexes) {
      const key = at(i);
      if (key === null) return 'InvalidAddressLookupTableIndex';
      loadedReadonly.push(key);
    }
  }
  return {
    keys: [...tx.staticKeys, ...loadedWritable, ...loadedReadonly],
    loadedWritable,
    loadedReadonly,
  };
}

/** The durable nonce an initialized nonce account holds (version, state, authority, nonce). */
export function storedNonce(account: AccountState | null): string | null {
  if (account === null || account.owner !== SYSTEM_PROGRAM || account.data.length < 80) return null;
  const view = new DataView(account.data.buffer, account.data.byteOffset, account.data.byteLength);
  if (view.getUint32(4, true) !== 1) return null; // State::Initialized
  return encodeBase58(account.data.subarray(40, 72));
}

export function isErrorJson(
  value: ResolvedKeys | TransactionErrorJson,
): value is TransactionErrorJson {
  return typeof value === 'string' || !('keys' in value);
}

/** The nonce account of a transaction whose first instruction is AdvanceNonceAccount. */
export function durableNonceAccountOf(tx: WireTransaction): string | null {
  const first = tx.instructions[0];
  if (
    first === undefined ||
    tx.staticKeys[first.programIdIndex] !== SYSTEM_PROGRAM ||
    first.data.length < 4 ||
    new DataView(first.data.buffer, first.data.byteOffset, 4).getUint32(0, true) !== 4
  ) {
    return null;
  }
  const index = first.accounts[0];
  return index === undefined ? null : (tx.staticKeys[index] ?? null);
}
