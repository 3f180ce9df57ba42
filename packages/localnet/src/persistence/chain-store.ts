// Persistence under a data directory: LiteSVM's own snapshot of every account (state.bin), the
// clock, faucet key and asset names (meta.json), and the transaction index as append-only JSON
// lines (transactions.jsonl). Transactions are appended as they land; the snapshot and meta are
// rewritten at most once per `snapshotIntervalMs` and on close, each via a temp file and rename
// so a crash leaves the previous complete copy.

import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { appendFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { LiteSvm } from 'litesvm/dist/internal.js';

import type { AssetMetadata } from '../admin/asset-registry.js';
import { TransactionIndex } from '../history/transaction-index.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import { decodeBase64 } from '../codec/base64.js';
import { readStaticKeys } from '../chain/wire-transaction.js';
import { decodeRecord, encodeRecord } from './record-codec.js';

export interface ChainMeta {
  readonly version: 1;
  readonly seed: string;
  readonly slot: string;
  readonly clockOffsetSeconds: number;
  readonly faucetSecret: string;
  readonly assets: readonly [string, AssetMetadata][];
}

export interface LoadedChain {
  readonly meta: ChainMeta;
  readonly svm: LiteSvm;
  readonly index: TransactionIndex;
}

const STATE_FILE = 'state.bin';
const META_FILE = 'meta.json';
const TRANSACTIONS_FILE = 'transactions.jsonl';

export function loadChain(dataDir: string): LoadedChain | null {
  const metaPath = join(dataDir, META_FILE);
  const statePath = join(dataDir, STATE_FILE);
  if (!existsSync(metaPath) || !existsSync(statePath)) return null;
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as ChainMeta;
  if (meta.version !== 1)
    throw new Error(`unsupported localnet data version ${String(meta.version)} in ${metaPath}`);
  const svm = LiteSvm.fromBytes(readFileSync(statePath));
  const index = new TransactionIndex();
  const transactionsPath = join(dataDir, TRANSACTIONS_FILE);
  if (existsSync(transactionsPath)) {
    for (const line of readFileSync(transactionsPath, 'utf8').split('\n')) {
      if (line.length === 0) continue;
      let record: TransactionRecord;
      try {
        record = decodeRecord(line);
      } catch (_error) {
        // A line cut short by a crash mid-append: everything before it is intact.
        break;
      }
      if (record.seq !== index.nextSeq()) break;
      index.add(record, keysOf(record));
    }
  }
  return { meta, svm, index };
}

export function keysOf(record: TransactionRecord): string[] {
  return [
    ...readStaticKeys(decodeBase64(record.wire)),
    ...record.loadedAddresses.writable,
    ...record.loadedAddresses.readonly,
  ];
}

export class ChainStore {
  private pendingLines: string[] = [];
  private appending: Promise<void> = Promise.resolve();
  private snapshotTimer: NodeJS.Timeout | null = null;
  private snapshotting: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly dataDir: string,
    private readonly capture: () => { state: Uint8Array; meta: ChainMeta },
    private readonly snapshotIntervalMs = 1000,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    mkdirSync(dataDir, { recursive: true });
  }

  appendTransaction(record: TransactionRecord): void {
    this.pendingLines.push(encodeRecord(record));
    if (this.pendingLines.length === 1) {
      this.appending = this.appending.then(() => this.flushLines()).catch(this.onError);
    }
    this.markDirty();
  }

  /** Schedules a snapshot of state and meta (debounced). */
  markDirty(): void {
    if (this.closed || this.snapshotTimer !== null) return;
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = null;
      this.snapshotting = this.snapshotting.then(() => this.writeSnapshot()).catch(this.onError);
    }, this.snapshotIntervalMs);
    this.snapshotTimer.unref();
  }

  private async flushLines(): Promise<void> {
    const lines = this.pendingLines;
    this.pendingLines = [];
    if (lines.length > 0)
      await appendFile(join(this.dataDir, TRANSACTIONS_FILE), lines.join('\n') + '\n');
  }

  private async writeSnapshot(): Promise<void> {
    const { state, meta } = this.capture();
    const statePath = join(this.dataDir, STATE_FILE);
    const metaPath = join(this.dataDir, META_FILE);
    await writeFile(`${statePath}.tmp`, state);
    await rename(`${statePath}.tmp`, statePath);
    await writeFile(`${metaPath}.tmp`, JSON.stringify(meta));
    await rename(`${metaPath}.tmp`, metaPath);
  }

  /**
   * Starts a fresh chain in this directory: history left without a snapshot (a crash before the
   * first one) is moved aside rather than mixed with the new chain's, and a first snapshot is
   * written at once.
   */
  startFresh(): void {
    const transactionsPath = join(this.dataDir, TRANSACTIONS_FILE);
    if (existsSync(transactionsPath)) {
      renameSync(transactionsPath, `${transactionsPath}.orphaned-${Date.now()}`);
    }
    this.writeSnapshotSync();
  }

  /** Writes everything now, synchronously, and stops scheduling. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.snapshotTimer !== null) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    await this.appending;
    await this.snapshotting;
    const lines = this.pendingLines;
    this.pendingLines = [];
    if (lines.length > 0) {
      appendFileSync(join(this.dataDir, TRANSACTIONS_FILE), lines.join('\n') + '\n');
    }
    this.writeSnapshotSync();
  }

  private writeSnapshotSync(): void {
    const { state, meta } = this.capture();
    const statePath = join(this.dataDir, STATE_FILE);
    const metaPath = join(this.dataDir, META_FILE);
    writeFileSync(`${statePath}.tmp`, state);
    renameSync(`${statePath}.tmp`, statePath);
    writeFileSync(`${metaPath}.tmp`, JSON.stringify(meta));
    renameSync(`${metaPath}.tmp`, metaPath);
  }
}
