// What the localnet remembers about a landed transaction: enough to answer getTransaction,
// getSignatureStatuses and getSignaturesForAddress exactly as Agave would, and to persist.

import type { TransactionErrorJson } from '../chain/transaction-error.js';
import type { UiTokenAmount } from '../chain/token-layout.js';

export interface TokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner: string;
  readonly programId: string;
  readonly uiTokenAmount: UiTokenAmount;
}

export interface InnerInstructionRecord {
  readonly index: number;
  readonly instructions: readonly {
    readonly programIdIndex: number;
    readonly accounts: readonly number[];
    /** base58 */
    readonly data: string;
    readonly stackHeight: number;
  }[];
}

export interface TransactionRecord {
  /** Landing order, used to page history. */
  readonly seq: number;
  readonly signature: string;
  readonly slot: bigint;
  readonly blockTime: number;
  /** The signed wire bytes, base64. */
  readonly wire: string;
  readonly loadedAddresses: {
    readonly writable: readonly string[];
    readonly readonly: readonly string[];
  };
  readonly fee: bigint;
  readonly err: TransactionErrorJson | null;
  readonly preBalances: readonly bigint[];
  readonly postBalances: readonly bigint[];
  readonly preTokenBalances: readonly TokenBalance[];
  readonly postTokenBalances: readonly TokenBalance[];
  readonly logMessages: readonly string[];
  readonly computeUnitsConsumed: bigint;
  readonly innerInstructions: readonly InnerInstructionRecord[];
  readonly memo: string | null;
}
