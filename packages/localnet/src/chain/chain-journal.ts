// What the chain tells its journal (persistence) before anything else can see a change: the
// accounts a landed transaction or a fixture wrote, and every move of the clock. The chain calls
// these synchronously, after the change is made in LiteSVM and before the transaction index,
// subscribers, RPC answers or admin callers see it; a journal that cannot record a change throws,
// and the chain then undoes it. Without a journal (no data directory) nothing is recorded.

import type { TransactionRecord } from '../history/transaction-record.js';
import type { AccountState } from './account-state.js';
import { SYSTEM_PROGRAM } from './program-ids.js';

/** The complete state of one account after a write; a closed account has zero lamports. */
export interface AccountWrite {
  readonly address: string;
  readonly account: AccountState;
}

export interface ChainJournal {
  /** A transaction landed and left these accounts in this state. */
  transactionLanded(record: TransactionRecord, writes: readonly AccountWrite[]): void;
  /** Accounts written directly (fixtures), applied only once this returns. */
  accountsWritten(writes: readonly AccountWrite[]): void;
  /** The clock is about to read `slot` and this offset; it moves only once this returns. */
  clockMoving(slot: bigint, clockOffsetSeconds: number): void;
}

/** How a closed (or never created) account is written: zero lamports, no data. */
export const CLOSED_ACCOUNT: AccountState = Object.freeze({
  lamports: 0n,
  data: new Uint8Array(0),
  owner: SYSTEM_PROGRAM,
  executable: false,
  rentEpoch: 0n,
});

/** The journal could not record a change: the chain refuses every change after it. */
export class JournalError extends Error {
  constructor(cause: unknown) {
    super(
      `the localnet could not record a change in its data directory and accepts no more changes: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
      { cause },
    );
    this.name = 'JournalError';
  }
}
