// Persistence under a data directory, so that nothing the localnet reported is lost to a kill -9.
//
// - journal.jsonl: the write-ahead journal. Every landed transaction (its history record and the
//   complete post-state of every account it could write), every direct account write, asset name
//   and clock reservation is one line, appended synchronously before anything else sees the change
//   (see ChainJournal). Once a snapshot includes its older entries and it has grown past
//   `compactAtBytes`, they move to gzipped history segments holding only what the history needs
//   (history-segments.ts: why, and why a kill at any step loses nothing).
// - state-<n>.bin: LiteSVM's snapshot of every account; meta.json: the seed, faucet key, slot,
//   asset names, which state file is current and how many journal entries it includes. Both are
//   rewritten at most once per `snapshotIntervalMs` and on close; the state file is new each time
//   and the rename of meta.json switches to it, so state and meta always belong together.
//
// A restart loads the snapshot, applies every journal entry it does not include (account states
// are absolute, so applying them in order gives the state at the crash), rebuilds the history,
// and resumes the clock above every slot the journal's clock reservations allowed.

import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { LiteSvm } from 'litesvm/dist/internal.js';

import type { AssetMetadata } from '../admin/asset-registry.js';
import type { AccountWrite, ChainJournal } from '../chain/chain-journal.js';
import { nativeAccount } from '../chain/native-account.js';
import { readStaticKeys } from '../chain/wire-transaction.js';
import { decodeBase58 } from '../codec/base58.js';
import { decodeBase64 } from '../codec/base64.js';
import { TransactionIndex } from '../history/transaction-index.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import type { JournalEntry } from './journal-entry.js';
import {
  compactJournal,
  listSegments,
  readSegments,
  removeCompactionLeftovers,
} from './history-segments.js';
import { JournalWriter, LocalnetDataError, readJournal } from './journal-file.js';
import { decodeRecord } from './record-codec.js';

export interface ChainMeta {
  readonly version: 2;
  readonly seed: string;
  readonly slot: string;
  readonly clockOffsetSeconds: number;
  readonly faucetSecret: string;
  readonly assets: readonly [string, AssetMetadata][];
  /** Journal entries 0 … journalSeq - 1 are in the snapshot's state. */
  readonly journalSeq: number;
  /** The snapshot's number: its state is in state-<snapshot>.bin. */
  readonly snapshot: number;
}

/** What the chain's owner captures for a snapshot; the store adds where it is in the journal. */
export interface ChainCapture {
  readonly state: Uint8Array;
  readonly meta: Omit<ChainMeta, 'version' | 'journalSeq' | 'snapshot'>;
}

export interface LoadedChain {
  readonly seed: string;
  readonly faucetSecret: string;
  readonly svm: LiteSvm;
  readonly index: TransactionIndex;
  readonly assets: ReadonlyMap<string, AssetMetadata>;
  /** Where the clock resumes: above every slot reported before the restart. */
  readonly slot: bigint;
  readonly clockOffsetSeconds: number;
  /** Where the store goes on writing. */
  readonly store: StoreState;
}

interface StoreState {
  readonly journalSeq: number;
  /** The journal's first entry; those before it are in history segments. */
  readonly journalFrom: number;
  readonly completeBytes: number;
  readonly slotCeiling: bigint;
  readonly snapshot: number;
  /** A version 1 directory (transactions.jsonl, state.bin): rewritten as a journal on open. */
  readonly fromVersion1: boolean;
}

/** A version 1 directory's meta.json: no journal position, state in state.bin. */
interface MetaVersion1 extends Omit<ChainMeta, 'version' | 'journalSeq' | 'snapshot'> {
  readonly version: 1;
}

const META_FILE = 'meta.json';
const JOURNAL_FILE = 'journal.jsonl';
const VERSION1_STATE_FILE = 'state.bin';
const VERSION1_TRANSACTIONS_FILE = 'transactions.jsonl';
const stateFile = (snapshot: number): string => `state-${snapshot}.bin`;

/**
 * The clock reserves this many slots ahead in the journal, so that a restart can resume above
 * every slot it ever reported while the journal gets a clock line only every so many slots. A
 * restart may skip up to this many slots, like a validator that was down for a few seconds.
 */
const CLOCK_RESERVATION_SLOTS = 32n;

export function loadChain(dataDir: string): LoadedChain | null {
  const metaPath = join(dataDir, META_FILE);
  if (!existsSync(metaPath)) return null;
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as ChainMeta | MetaVersion1;
  if (meta.version === 1) return loadVersion1(dataDir, meta);
  if (meta.version !== 2) {
    const version = (meta as { version: unknown }).version;
    throw new Error(`unsupported localnet data version ${String(version)} in ${metaPath}`);
  }
  const statePath = join(dataDir, stateFile(meta.snapshot));
  if (!existsSync(statePath))
    throw new LocalnetDataError(
      dataDir,
      `${META_FILE} names ${stateFile(meta.snapshot)}, which is missing`,
    );
  const svm = LiteSvm.fromBytes(readFileSync(statePath));
  const journalPath = join(dataDir, JOURNAL_FILE);
  const journal = readJournal(journalPath);
  const nextSeq = journal.from + journal.entries.length;
  if (nextSeq < meta.journalSeq) {
    throw new LocalnetDataError(
      journalPath,
      `the snapshot includes ${meta.journalSeq} entries, the journal holds ${nextSeq}`,
    );
  }
  if (meta.journalSeq < journal.from) {
    throw new LocalnetDataError(
      journalPath,
      `the journal starts at entry ${journal.from}, after the snapshot's ${meta.journalSeq}`,
    );
  }
  const history = readSegments(dataDir, journal.from);
  const entries = history.length === 0 ? journal.entries : [...history, ...journal.entries];
  const assets = new Map(meta.assets);
  const replayed = replayJournal(svm, entries, meta.journalSeq, assets, journalPath);
  const snapshotSlot = BigInt(meta.slot);
  const slotCeiling = replayed.slotCeiling ?? snapshotSlot;
  const slot = resumeSlot(snapshotSlot, slotCeiling, replayed.index);
  return {
    seed: meta.seed,
    faucetSecret: meta.faucetSecret,
    svm,
    index: replayed.index,
    assets,
    slot,
    clockOffsetSeconds: replayed.clockOffsetSeconds ?? meta.clockOffsetSeconds,
    store: {
      journalSeq: nextSeq,
      journalFrom: journal.from,
      completeBytes: journal.completeBytes,
      slotCeiling,
      snapshot: meta.snapshot,
      fromVersion1: false,
    },
  };
}

export interface ReplayedJournal {
  readonly index: TransactionIndex;
  /** The last clock reservation's ceiling, if the journal holds one. */
  readonly slotCeiling: bigint | null;
  readonly clockOffsetSeconds: number | null;
}

/**
 * Rebuilds the history from every entry and applies to `svm` and `assets` the entries from
 * `fromSeq` on (the ones the snapshot does not include).
 */
export function replayJournal(
  svm: LiteSvm,
  entries: readonly JournalEntry[],
  fromSeq: number,
  assets: Map<string, AssetMetadata>,
  journalPath: string,
): ReplayedJournal {
  const index = new TransactionIndex();
  let slotCeiling: bigint | null = null;
  let clockOffsetSeconds: number | null = null;
  const apply = (writes: readonly AccountWrite[]): void => {
    for (const { address, account } of writes)
      svm.setAccount(decodeBase58(address), nativeAccount(account));
  };
  for (const entry of entries) {
    const pending = entry.seq >= fromSeq;
    switch (entry.kind) {
      case 'transaction':
        if (entry.record.seq !== index.nextSeq()) {
          throw new LocalnetDataError(
            journalPath,
            `entry ${entry.seq} holds transaction ${entry.record.seq} where ${index.nextSeq()} belongs`,
          );
        }
        index.add(entry.record, keysOf(entry.record));
        if (pending) apply(entry.writes);
        break;
      case 'accounts':
        if (pending) apply(entry.writes);
        break;
      case 'asset':
        if (pending) assets.set(entry.mint, entry.metadata);
        break;
      case 'clock':
        slotCeiling = entry.slotCeiling;
        clockOffsetSeconds = entry.clockOffsetSeconds;
        break;
    }
  }
  return { index, slotCeiling, clockOffsetSeconds };
}

/** Above the snapshot, the reservation and the slot of the last landed transaction. */
function resumeSlot(snapshotSlot: bigint, slotCeiling: bigint, index: TransactionIndex): bigint {
  const last = index.all().at(-1);
  let slot = snapshotSlot > slotCeiling ? snapshotSlot : slotCeiling;
  if (last !== undefined && last.slot >= slot) slot = last.slot + 1n;
  return slot;
}

/** A version 1 directory, read as before (its history appended after the fact). */
function loadVersion1(dataDir: string, meta: MetaVersion1): LoadedChain {
  const statePath = join(dataDir, VERSION1_STATE_FILE);
  if (!existsSync(statePath))
    throw new LocalnetDataError(dataDir, `${VERSION1_STATE_FILE} is missing`);
  const svm = LiteSvm.fromBytes(readFileSync(statePath));
  const index = new TransactionIndex();
  const transactionsPath = join(dataDir, VERSION1_TRANSACTIONS_FILE);
  if (existsSync(transactionsPath)) {
    for (const line of readFileSync(transactionsPath, 'utf8').split('\n')) {
      if (line.length === 0) continue;
      let record: TransactionRecord;
      try {
        record = decodeRecord(line);
      } catch (_error) {
        break; // a line cut short by a crash mid-append: everything before it is intact
      }
      if (record.seq !== index.nextSeq()) break;
      index.add(record, keysOf(record));
    }
  }
  const snapshotSlot = BigInt(meta.slot);
  const slot = resumeSlot(snapshotSlot, snapshotSlot, index);
  return {
    seed: meta.seed,
    faucetSecret: meta.faucetSecret,
    svm,
    index,
    assets: new Map(meta.assets),
    slot,
    clockOffsetSeconds: meta.clockOffsetSeconds,
    store: {
      // What the journal holds once the history is rewritten into it.
      journalSeq: index.size,
      journalFrom: 0,
      completeBytes: Infinity,
      slotCeiling: slot,
      snapshot: 0,
      fromVersion1: true,
    },
  };
}

export function keysOf(record: TransactionRecord): string[] {
  return [
    ...readStaticKeys(decodeBase64(record.wire)),
    ...record.loadedAddresses.writable,
    ...record.loadedAddresses.readonly,
  ];
}

export interface ChainStoreOptions {
  readonly dataDir: string;
  /** What was loaded from `dataDir`; null starts a fresh chain there. */
  readonly loaded: LoadedChain | null;
  readonly capture: () => ChainCapture;
  readonly snapshotIntervalMs?: number;
  /**
   * Once the journal is this long, the entries a snapshot includes move to a history segment
   * (history-segments.ts) when that snapshot is written. Default 8 MiB.
   */
  readonly compactAtBytes?: number;
  readonly onError?: (error: unknown) => void;
}

const DEFAULT_COMPACT_AT_BYTES = 8 * 1024 * 1024;

export class ChainStore implements ChainJournal {
  private readonly dataDir: string;
  private readonly capture: () => ChainCapture;
  private readonly snapshotIntervalMs: number;
  private readonly onError: (error: unknown) => void;
  private writer: JournalWriter;
  private readonly compactAtBytes: number;
  /** The journal file's length. */
  private journalBytes: number;
  private journalSeq: number;
  private slotCeiling: bigint;
  private clockOffsetSeconds: number | null;
  private snapshot: number;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private snapshotting: Promise<void> = Promise.resolve();
  private closed = false;

  /**
   * Opens the journal for appending. A line cut short by a crash is cut off first; a fresh
   * directory's leftovers (a journal without a snapshot: a crash before the first one) are moved
   * aside rather than mixed with the new chain's; a version 1 directory's history is rewritten
   * as the journal's first entries. The caller writes the first snapshot (`snapshotNow`) once the
   * chain is set up.
   */
  constructor(options: ChainStoreOptions) {
    this.dataDir = options.dataDir;
    this.capture = options.capture;
    this.snapshotIntervalMs = options.snapshotIntervalMs ?? 1000;
    this.onError = options.onError ?? (() => undefined);
    const { loaded } = options;
    const journalPath = join(this.dataDir, JOURNAL_FILE);
    mkdirSync(this.dataDir, { recursive: true });
    if (loaded === null) {
      const leftovers = [
        JOURNAL_FILE,
        VERSION1_TRANSACTIONS_FILE,
        ...listSegments(this.dataDir).map((s) => s.file),
      ];
      for (const file of leftovers) {
        const path = join(this.dataDir, file);
        if (existsSync(path)) renameSync(path, `${path}.orphaned-${Date.now()}`);
      }
    } else if (loaded.store.fromVersion1) {
      rewriteAsJournal(journalPath, loaded.index.all());
    } else {
      removeCompactionLeftovers(this.dataDir, loaded.store.journalFrom);
    }
    this.journalSeq = loaded?.store.journalSeq ?? 0;
    this.compactAtBytes = options.compactAtBytes ?? DEFAULT_COMPACT_AT_BYTES;
    this.writer = new JournalWriter(journalPath, loaded?.store.completeBytes ?? 0);
    this.journalBytes = statSync(journalPath).size;
    this.slotCeiling = loaded?.store.slotCeiling ?? -1n;
    this.clockOffsetSeconds = loaded?.clockOffsetSeconds ?? null;
    this.snapshot = loaded?.store.snapshot ?? 0;
  }

  // ---- the journal -------------------------------------------------------------------------

  transactionLanded(record: TransactionRecord, writes: readonly AccountWrite[]): void {
    this.append({ seq: this.journalSeq, kind: 'transaction', record, writes });
  }

  accountsWritten(writes: readonly AccountWrite[]): void {
    this.append({ seq: this.journalSeq, kind: 'accounts', writes });
  }

  assetNamed(mint: string, metadata: AssetMetadata): void {
    this.append({ seq: this.journalSeq, kind: 'asset', mint, metadata });
  }

  clockMoving(slot: bigint, clockOffsetSeconds: number): void {
    if (slot <= this.slotCeiling && clockOffsetSeconds === this.clockOffsetSeconds) return;
    const slotCeiling = slot > this.slotCeiling ? slot + CLOCK_RESERVATION_SLOTS : this.slotCeiling;
    this.append({ seq: this.journalSeq, kind: 'clock', slotCeiling, clockOffsetSeconds });
    this.slotCeiling = slotCeiling;
    this.clockOffsetSeconds = clockOffsetSeconds;
  }

  private append(entry: JournalEntry): void {
    if (this.closed) throw new Error(`the localnet in ${this.dataDir} is closed`);
    this.journalBytes += this.writer.append(entry);
    this.journalSeq += 1;
    if (entry.kind !== 'clock') this.markDirty();
  }

  // ---- snapshots ---------------------------------------------------------------------------

  /** Schedules a snapshot of state and meta (debounced). */
  private markDirty(): void {
    if (this.closed || this.snapshotTimer !== null) return;
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = null;
      this.snapshotting = this.snapshotting.then(() => this.writeSnapshot()).catch(this.onError);
    }, this.snapshotIntervalMs);
    this.snapshotTimer.unref();
  }

  /** State and meta as they are now, with the journal position they include. */
  private takeSnapshot(): { state: Uint8Array; meta: ChainMeta; previous: string } {
    const { state, meta } = this.capture();
    const previous = stateFile(this.snapshot);
    this.snapshot += 1;
    return {
      state,
      meta: { version: 2, ...meta, journalSeq: this.journalSeq, snapshot: this.snapshot },
      previous,
    };
  }

  private async writeSnapshot(): Promise<void> {
    const { state, meta, previous } = this.takeSnapshot();
    const statePath = join(this.dataDir, stateFile(meta.snapshot));
    const metaPath = join(this.dataDir, META_FILE);
    await writeFile(`${statePath}.tmp`, state);
    await rename(`${statePath}.tmp`, statePath);
    await writeFile(`${metaPath}.tmp`, JSON.stringify(meta));
    await rename(`${metaPath}.tmp`, metaPath);
    await rm(join(this.dataDir, previous), { force: true });
    // Only once meta names the snapshot: the entries it includes may now leave the journal.
    if (!this.closed) this.compactIfDue(meta.journalSeq);
  }

  /**
   * Moves the entries the snapshot at `coveredSeq` includes out of the journal once it is long
   * enough (history-segments.ts). Synchronous, so no append falls between reading the journal and
   * replacing it. A failure is reported and leaves the journal as it was.
   */
  private compactIfDue(coveredSeq: number): void {
    if (this.journalBytes < this.compactAtBytes) return;
    const journalPath = join(this.dataDir, JOURNAL_FILE);
    let released = false;
    try {
      const result = compactJournal(this.dataDir, JOURNAL_FILE, coveredSeq, {
        beforeSwitch: () => {
          this.writer.close();
          released = true;
        },
      });
      if (result === null) return;
      this.journalBytes = result.completeBytes;
    } catch (error) {
      this.onError(error);
    } finally {
      // The writer follows the file now named journal.jsonl: the new one, or (the switch failed)
      // the old one, which is as long as before.
      if (released) this.writer = new JournalWriter(journalPath, this.journalBytes);
    }
  }

  /** Writes a snapshot now, synchronously, and clears what earlier snapshots left behind. */
  snapshotNow(): void {
    const { state, meta } = this.takeSnapshot();
    const statePath = join(this.dataDir, stateFile(meta.snapshot));
    const metaPath = join(this.dataDir, META_FILE);
    writeFileSync(`${statePath}.tmp`, state);
    renameSync(`${statePath}.tmp`, statePath);
    writeFileSync(`${metaPath}.tmp`, JSON.stringify(meta));
    renameSync(`${metaPath}.tmp`, metaPath);
    const current = stateFile(meta.snapshot);
    for (const file of readdirSync(this.dataDir)) {
      const stale =
        (/^state-\d+\.bin(\.tmp)?$/.test(file) && file !== current) ||
        file === VERSION1_STATE_FILE ||
        file === VERSION1_TRANSACTIONS_FILE ||
        file === `${META_FILE}.tmp`;
      if (stale) rmSync(join(this.dataDir, file), { force: true });
    }
    // On open too, so a localnet killed before its journal was ever compacted sheds it now.
    if (!this.closed) this.compactIfDue(meta.journalSeq);
  }

  /**
   * Writes everything now and stops: the clock is stopped first by the caller, so its exact slot
   * is recorded and a restart resumes there rather than at the reservation.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true; // no change is recorded and no snapshot scheduled from here on
    if (this.snapshotTimer !== null) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    await this.snapshotting;
    const { meta } = this.capture();
    const slot = BigInt(meta.slot);
    try {
      this.writer.append({
        seq: this.journalSeq,
        kind: 'clock',
        slotCeiling: slot,
        clockOffsetSeconds: meta.clockOffsetSeconds,
      });
    } finally {
      this.writer.close();
    }
    this.journalSeq += 1;
    this.slotCeiling = slot;
    this.snapshotNow();
    // Everything is in that snapshot; the writer is closed, so nothing needs to follow the file.
    if (this.journalBytes >= this.compactAtBytes) {
      try {
        compactJournal(this.dataDir, JOURNAL_FILE, this.journalSeq);
      } catch (error) {
        this.onError(error); // the journal is as it was: the next open replays it whole
      }
    }
  }
}

/** A version 1 history as journal entries (without account states: the snapshot holds them). */
function rewriteAsJournal(path: string, records: readonly TransactionRecord[]): void {
  const writer = new JournalWriter(`${path}.tmp`, 0);
  try {
    records.forEach((record, seq) =>
      writer.append({ seq, kind: 'transaction', record, writes: [] }),
    );
  } finally {
    writer.close();
  }
  renameSync(`${path}.tmp`, path);
}
