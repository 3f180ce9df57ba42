// What one execution produced, read out of LiteSVM's metadata into plain data: logs, compute
// units, inner instructions, return data, and Agave's memo column.

import type { TransactionMetadata } from 'litesvm/dist/internal.js';

import { encodeBase58 } from '../codec/base58.js';
import type { InnerInstructionRecord } from '../history/transaction-record.js';
import { MEMO_PROGRAM } from './program-ids.js';
import type { TransactionErrorJson } from './transaction-error.js';
import type { WireTransaction } from './wire-transaction.js';

export interface ExecutionOutcome {
  readonly err: TransactionErrorJson | null;
  readonly logs: readonly string[];
  readonly unitsConsumed: bigint;
  readonly innerInstructions: readonly InnerInstructionRecord[];
  readonly returnData: { readonly programId: string; readonly data: Uint8Array } | null;
}

export function outcomeOf(
  meta: TransactionMetadata,
  err: TransactionErrorJson | null,
): ExecutionOutcome {
  const innerInstructions: InnerInstructionRecord[] = [];
  meta.innerInstructions().forEach((list, index) => {
    if (list.length === 0) return;
    innerInstructions.push({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: Array.from(ix.accounts()),
          data: encodeBase58(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    });
  });
  const returned = meta.returnData();
  const returnBytes = returned.data();
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    innerInstructions,
    returnData:
      returnBytes.length > 0
        ? { programId: encodeBase58(returned.programId()), data: returnBytes }
        : null,
  };
}

/** Agave's memo column: each memo instruction as `[length] text`, joined by "; ". */
export function memoOf(tx: WireTransaction): string | null {
  const memos = tx.instructions
    .filter((ix) => tx.staticKeys[ix.programIdIndex] === MEMO_PROGRAM)
    .map((ix) => {
      const text = Buffer.from(ix.data).toString('utf8');
      return `[${text.length}] ${text}`;
    });
  return memos.length > 0 ? memos.join('; ') : null;
}
