// Shapes of Jupiter's Swap API v2 as the sandbox answers them. Researched from Jupiter's
// developer docs and migration guide (Nov 2026); where a field's exact form was not published,
// the choice is written down here:
// - `/order` answers the Ultra-style order: quote fields, `transaction` (base64, `null` without
//   a `taker`), `requestId`, `router: 'iris'`, `mode: 'ultra'`, fee and USD fields.
// - `/execute` answers `{ status: 'Success' | 'Failed', code, signature, slot, error?,
//   totalInputAmount, totalOutputAmount, inputAmountResult, outputAmountResult, swapEvents }`;
//   codes: 0 landed, -1 unknown or expired requestId, -2 a transaction that is not the order's
//   or not signed, -1000 refused before landing (expired blockhash, no funds for the fee),
//   -1001 landed with an error.
// - `/build` answers the quote fields plus instructions in Jupiter's JSON instruction form
//   (`{ programId, accounts: [{ pubkey, isSigner, isWritable }], data: base64 }`):
//   `computeBudgetInstructions`, `setupInstructions`, `swapInstruction` (the user's payment),
//   `otherInstructions` (the pools' payments, which need the pools' signatures),
//   `cleanupInstruction: null`, `addressesByLookupTableAddress: null`, `blockhashWithMetadata`
//   and a `requestId`.
// - `/submit` takes `{ signedTransaction, requestId? }`, adds the pools' signatures when the
//   transaction carries a /build's instructions unchanged, lands it and answers `{ signature }`.

import type { Instruction } from '../../../chain/legacy-message.js';
import { encodeBase64 } from '../../../codec/base64.js';
import { decodeBase58 } from '../../../codec/base58.js';

export function instructionJson(ix: Instruction): Record<string, unknown> {
  return {
    programId: ix.programId,
    accounts: ix.accounts.map((a) => ({
      pubkey: a.address,
      isSigner: a.signer,
      isWritable: a.writable,
    })),
    data: encodeBase64(ix.data),
  };
}

export function blockhashWithMetadata(
  blockhash: string,
  lastValidBlockHeight: bigint,
  nowMs: number,
): Record<string, unknown> {
  return {
    blockhash: [...decodeBase58(blockhash)],
    lastValidBlockHeight: Number(lastValidBlockHeight),
    fetchedAt: {
      secs_since_epoch: Math.floor(nowMs / 1000),
      nanos_since_epoch: (nowMs % 1000) * 1_000_000,
    },
  };
}

export const EXECUTE_CODES = {
  landed: 0,
  unknownRequest: -1,
  badTransaction: -2,
  notLanded: -1000,
  failedOnChain: -1001,
} as const;
