// jsonParsed instructions for the programs Fleet uses (System, SPL Token / Token-2022, Associated
// Token Account, Memo), in the `{ parsed: { info, type }, program, programId }` shape of Agave's
// transaction-status parsers. Instructions it does not know stay "partially decoded".

import { encodeBase58 } from '../codec/base58.js';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  MEMO_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from '../chain/program-ids.js';
import { uiTokenAmount } from '../chain/token-layout.js';

export interface CompiledInstructionInput {
  readonly programId: string;
  /** The instruction's accounts, already resolved to addresses. */
  readonly accounts: readonly string[];
  readonly data: Uint8Array;
  readonly stackHeight: number | null;
}

type Info = Record<string, unknown>;

export function parseInstruction(ix: CompiledInstructionInput): Record<string, unknown> {
  const parsed = parseKnown(ix);
  if (parsed !== null) return { ...parsed, programId: ix.programId, stackHeight: ix.stackHeight };
  return {
    accounts: ix.accounts,
    data: encodeBase58(ix.data),
    programId: ix.programId,
    stackHeight: ix.stackHeight,
  };
}

function parseKnown(ix: CompiledInstructionInput): { parsed: unknown; program: string } | null {
  try {
    switch (ix.programId) {
      case SYSTEM_PROGRAM:
        return wrap('system', parseSystem(ix));
      case TOKEN_PROGRAM:
        return wrap('spl-token', parseToken(ix));
      case TOKEN_2022_PROGRAM:
        return wrap('spl-token-2022', parseToken(ix));
      case ASSOCIATED_TOKEN_PROGRAM:
        return wrap('spl-associated-token-account', parseAssociated(ix));
      case MEMO_PROGRAM:
        return { parsed: Buffer.from(ix.data).toString('utf8'), program: 'spl-memo' };
      default:
        return null;
    }
  } catch (_error) {
    // A malformed instruction is reported undecoded, as Agave does.
    return null;
  }
}

function wrap(
  program: string,
  parsed: { info: Info; type: string } | null,
): { parsed: unknown; program: string } | null {
  return parsed === null ? null : { parsed, program };
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function account(ix: CompiledInstructionInput, index: number): string {
  const address = ix.accounts[index];
  if (address === undefined) throw new Error('missing account');
  return address;
}

function parseSystem(ix: CompiledInstructionInput): { info: Info; type: string } | null {
  const v = view(ix.data);
  switch (v.getUint32(0, true)) {
    case 0:
      return {
        info: {
          lamports: v.getBigUint64(4, true),
          newAccount: account(ix, 1),
          owner: encodeBase58(ix.data.subarray(20, 52)),
          source: account(ix, 0),
          space: v.getBigUint64(12, true),
        },
        type: 'createAccount',
      };
    case 2:
      return {
        info: {
          destination: account(ix, 1),
          lamports: v.getBigUint64(4, true),
          source: account(ix, 0),
        },
        type: 'transfer',
      };
    default:
      return null;
  }
}

function parseToken(ix: CompiledInstructionInput): { info: Info; type: string } | null {
  const v = view(ix.data);
  const amount = (): string => v.getBigUint64(1, true).toString();
  const checked = (): ReturnType<typeof uiTokenAmount> =>
    uiTokenAmount(v.getBigUint64(1, true), ix.data[9] ?? 0);
  switch (ix.data[0]) {
    case 3:
      return {
        info: {
          amount: amount(),
          authority: account(ix, 2),
          destination: account(ix, 1),
          source: account(ix, 0),
        },
        type: 'transfer',
      };
    case 7:
      return {
        info: {
          account: account(ix, 1),
          amount: amount(),
          mint: account(ix, 0),
          mintAuthority: account(ix, 2),
        },
        type: 'mintTo',
      };
    case 8:
      return {
        info: {
          account: account(ix, 0),
          amount: amount(),
          authority: account(ix, 2),
          mint: account(ix, 1),
        },
        type: 'burn',
      };
    case 9:
      return {
        info: { account: account(ix, 0), destination: account(ix, 1), owner: account(ix, 2) },
        type: 'closeAccount',
      };
    case 12:
      return {
        info: {
          authority: account(ix, 3),
          destination: account(ix, 2),
          mint: account(ix, 1),
          source: account(ix, 0),
          tokenAmount: checked(),
        },
        type: 'transferChecked',
      };
    case 14:
      return {
        info: {
          account: account(ix, 1),
          mint: account(ix, 0),
          mintAuthority: account(ix, 2),
          tokenAmount: checked(),
        },
        type: 'mintToChecked',
      };
    case 15:
      return {
        info: {
          account: account(ix, 0),
          authority: account(ix, 2),
          mint: account(ix, 1),
          tokenAmount: checked(),
        },
        type: 'burnChecked',
      };
    case 17:
      return { info: { account: account(ix, 0) }, type: 'syncNative' };
    case undefined:
      return null;
    case 18:
      return {
        info: {
          account: account(ix, 0),
          mint: account(ix, 1),
          owner: encodeBase58(ix.data.subarray(1, 33)),
        },
        type: 'initializeAccount3',
      };
    default:
      return null;
  }
}

function parseAssociated(ix: CompiledInstructionInput): { info: Info; type: string } | null {
  const kind =
    ix.data.length === 0 || ix.data[0] === 0
      ? 'create'
      : ix.data[0] === 1
        ? 'createIdempotent'
        : null;
  if (kind === null) return null;
  return {
    info: {
      account: account(ix, 1),
      mint: account(ix, 3),
      source: account(ix, 0),
      systemProgram: account(ix, 4),
      tokenProgram: account(ix, 5),
      wallet: account(ix, 2),
    },
    type: kind,
  };
}
