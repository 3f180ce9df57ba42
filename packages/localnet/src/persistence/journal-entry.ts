// One line of the journal (journal.jsonl): a landed transaction with the complete post-state of
// every account it could write, a set of direct account writes, an asset name, or a clock
// reservation. Every line carries its sequence number `n`; the snapshot names the first `n` it
// does not include. Account states are tuples of strings, so a line stays small and exact:
// [address, lamports, owner, executable (0|1), rent epoch, data (base64)].

import type { AssetMetadata } from '../admin/asset-registry.js';
import type { AccountWrite } from '../chain/chain-journal.js';
import { decodeBase64, encodeBase64 } from '../codec/base64.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import { bigintsAsText, recordFromJson } from './record-codec.js';

export type JournalEntry =
  | {
      readonly seq: number;
      readonly kind: 'transaction';
      readonly record: TransactionRecord;
      readonly writes: readonly AccountWrite[];
    }
  | { readonly seq: number; readonly kind: 'accounts'; readonly writes: readonly AccountWrite[] }
  | {
      readonly seq: number;
      readonly kind: 'asset';
      readonly mint: string;
      readonly metadata: AssetMetadata;
    }
  | {
      readonly seq: number;
      readonly kind: 'clock';
      /** No slot above this one has been reported. */
      readonly slotCeiling: bigint;
      readonly clockOffsetSeconds: number;
    };

type AccountTuple = [string, string, string, 0 | 1, string, string];

function accountTuple({ address, account }: AccountWrite): AccountTuple {
  return [
    address,
    account.lamports.toString(),
    account.owner,
    account.executable ? 1 : 0,
    account.rentEpoch.toString(),
    encodeBase64(account.data),
  ];
}

const U64 = /^(0|[1-9][0-9]{0,19})$/;

function u64(text: unknown, what: string): bigint {
  if (typeof text !== 'string' || !U64.test(text)) throw new Error(`${what} is not a u64`);
  const value = BigInt(text);
  if (value >= 1n << 64n) throw new Error(`${what} is not a u64`);
  return value;
}

function accountWrite(value: unknown): AccountWrite {
  if (!Array.isArray(value) || value.length !== 6) throw new Error('an account write is malformed');
  const [address, lamports, owner, executable, rentEpoch, data] = value as unknown[];
  if (typeof address !== 'string' || typeof owner !== 'string' || typeof data !== 'string')
    throw new Error('an account write is malformed');
  if (executable !== 0 && executable !== 1)
    throw new Error(`the executable flag of ${address} is malformed`);
  return {
    address,
    account: {
      lamports: u64(lamports, `the lamports of ${address}`),
      owner,
      executable: executable === 1,
      rentEpoch: u64(rentEpoch, `the rent epoch of ${address}`),
      data: decodeBase64(data),
    },
  };
}

function accountWrites(value: unknown): AccountWrite[] {
  if (!Array.isArray(value)) throw new Error('account writes must be a list');
  return value.map(accountWrite);
}

export function encodeJournalEntry(entry: JournalEntry): string {
  switch (entry.kind) {
    case 'transaction':
      return JSON.stringify(
        { n: entry.seq, tx: entry.record, w: entry.writes.map(accountTuple) },
        bigintsAsText,
      );
    case 'accounts':
      return JSON.stringify({ n: entry.seq, w: entry.writes.map(accountTuple) });
    case 'asset':
      return JSON.stringify({
        n: entry.seq,
        asset: [entry.mint, entry.metadata.name, entry.metadata.symbol],
      });
    case 'clock':
      return JSON.stringify({
        n: entry.seq,
        clock: [entry.slotCeiling.toString(), entry.clockOffsetSeconds],
      });
  }
}

/** The entry a complete line holds; throws when the line is not one the localnet wrote. */
export function decodeJournalEntry(line: string): JournalEntry {
  const value: unknown = JSON.parse(line);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('a journal line must be an object');
  const fields = value as Record<string, unknown>;
  const seq = fields['n'];
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0)
    throw new Error('a journal line needs its sequence number');
  if (fields['tx'] !== undefined) {
    return {
      seq,
      kind: 'transaction',
      record: recordFromJson(fields['tx']),
      writes: accountWrites(fields['w']),
    };
  }
  if (fields['w'] !== undefined)
    return { seq, kind: 'accounts', writes: accountWrites(fields['w']) };
  const asset = fields['asset'];
  if (asset !== undefined) {
    if (!Array.isArray(asset) || asset.length !== 3 || !asset.every((s) => typeof s === 'string'))
      throw new Error(`asset line ${seq} is malformed`);
    const [mint, name, symbol] = asset as [string, string, string];
    return { seq, kind: 'asset', mint, metadata: { name, symbol } };
  }
  const clock = fields['clock'];
  if (clock !== undefined) {
    if (!Array.isArray(clock) || clock.length !== 2 || !Number.isSafeInteger(clock[1]))
      throw new Error(`clock line ${seq} is malformed`);
    return {
      seq,
      kind: 'clock',
      slotCeiling: u64(clock[0], `the slot ceiling of line ${seq}`),
      clockOffsetSeconds: clock[1] as number,
    };
  }
  throw new Error(`journal line ${seq} holds nothing the localnet writes`);
}
