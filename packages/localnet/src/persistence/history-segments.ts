// Journal compaction. The journal is the write-ahead log and the transaction history at once;
// left alone it grows by every account state every transaction wrote (the market's generator:
// about 4.5 KB a trade). Once a snapshot includes entries [from, to), their account writes, direct
// account writes and asset names are in the snapshot's state and meta, and only the history is
// still needed from them: the transaction records (getTransaction, getSignaturesForAddress,
// signature statuses all read them) and the last clock reservation. Those are written to an
// immutable, gzipped history segment `history-<from>-<to>.jsonl.gz` (journal lines, transaction
// entries without writes), and the journal is rewritten to start at `to` (its header line
// `{"from":to}`).
//
// Crash safety, step by step (each file is written beside its name and renamed into place, and a
// rename is atomic against a kill):
//   1. the segment is written and renamed in. A kill here leaves a segment starting at or after
//      the journal's first entry: the loader ignores it (the journal still holds those entries
//      whole) and the next open deletes it.
//   2. the journal's tail (entries from `to` on, copied byte for byte) is written with its header
//      and renamed over the journal. From here the segment is the only copy of the history
//      before `to`, and the snapshot (whose meta says it includes entries up to at least `to`)
//      the only copy of their state.
//   3. the writer reopens the new journal.
// Nothing is appended in between: compaction is synchronous, and so are the journal's appends.

import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { encodeJournalEntry, type JournalEntry } from './journal-entry.js';
import { LocalnetDataError, journalHeader, parseJournal } from './journal-file.js';

const SEGMENT = /^history-(\d+)-(\d+)\.jsonl\.gz$/;

export interface HistorySegment {
  readonly file: string;
  /** The first entry number the segment covers … */
  readonly from: number;
  /** … and the one after its last. */
  readonly to: number;
}

export function segmentFile(from: number, to: number): string {
  return `history-${from}-${to}.jsonl.gz`;
}

/** Every segment in `dir`, by `from`. */
export function listSegments(dir: string): HistorySegment[] {
  if (!existsSync(dir)) return [];
  const found: HistorySegment[] = [];
  for (const file of readdirSync(dir)) {
    const match = SEGMENT.exec(file);
    if (match === null) continue;
    found.push({ file, from: Number(match[1]), to: Number(match[2]) });
  }
  return found.sort((a, b) => a.from - b.from || a.to - b.to);
}

/**
 * The compacted entries before `journalFrom`, oldest first. Segments starting at or after it
 * are leftovers of a compaction killed before its journal was switched, and are skipped; the
 * rest must cover [0, journalFrom) with no gap or overlap.
 */
export function readSegments(dir: string, journalFrom: number): JournalEntry[] {
  const entries: JournalEntry[] = [];
  let next = 0;
  for (const segment of listSegments(dir)) {
    if (segment.from >= journalFrom) continue;
    const path = join(dir, segment.file);
    if (segment.from !== next || segment.to > journalFrom || segment.to <= segment.from) {
      throw new LocalnetDataError(
        path,
        `it covers entries ${segment.from}–${segment.to - 1} where entry ${next} comes next (the journal starts at ${journalFrom})`,
      );
    }
    let bytes: Buffer;
    try {
      bytes = gunzipSync(readFileSync(path));
    } catch (error) {
      throw new LocalnetDataError(
        path,
        `it does not decompress (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const contents = parseJournal(bytes, path, { contiguous: false });
    if (contents.completeBytes !== bytes.length)
      throw new LocalnetDataError(path, 'its last line is cut short');
    for (const entry of contents.entries) {
      if (entry.seq < segment.from || entry.seq >= segment.to)
        throw new LocalnetDataError(path, `it holds entry ${entry.seq}, outside its range`);
      entries.push(entry);
    }
    next = segment.to;
  }
  if (next !== journalFrom) {
    throw new LocalnetDataError(
      dir,
      `the history segments end at entry ${next}, the journal starts at ${journalFrom}`,
    );
  }
  return entries;
}

/** Deletes segments a killed compaction left behind (see readSegments) and temporary files. */
export function removeCompactionLeftovers(dir: string, journalFrom: number): void {
  for (const segment of listSegments(dir)) {
    if (segment.from >= journalFrom) rmSync(join(dir, segment.file), { force: true });
  }
  for (const file of readdirSync(dir)) {
    if (/^history-\d+-\d+\.jsonl\.gz\.tmp$/.test(file) || file === 'journal.jsonl.tmp')
      rmSync(join(dir, file), { force: true });
  }
}

/** What a compacted range keeps: transactions without their writes, and the last clock line. */
export function historyOf(entries: readonly JournalEntry[]): JournalEntry[] {
  const kept: JournalEntry[] = [];
  let clock: JournalEntry | null = null;
  for (const entry of entries) {
    if (entry.kind === 'transaction') kept.push({ ...entry, writes: [] });
    else if (entry.kind === 'clock') clock = entry;
  }
  if (clock !== null) kept.push(clock);
  return kept.sort((a, b) => a.seq - b.seq);
}

export type CompactionStep = 'segment-written' | 'journal-written';

export interface CompactionResult {
  readonly from: number;
  /** The new journal's length. */
  readonly completeBytes: number;
}

export interface CompactionHooks {
  /** Right before the journal is replaced: the writer lets go of the old file. */
  readonly beforeSwitch?: () => void;
  /** After each step (the crash tests stop there). */
  readonly after?: (step: CompactionStep) => void;
}

/**
 * Moves the journal's entries before `coveredSeq` (all included in the current snapshot) into a
 * history segment and restarts the journal at the first entry not moved. Null when there is
 * nothing to move.
 */
export function compactJournal(
  dir: string,
  journalFile: string,
  coveredSeq: number,
  hooks: CompactionHooks = {},
): CompactionResult | null {
  const after = hooks.after ?? (() => undefined);
  const journalPath = join(dir, journalFile);
  const bytes = readFileSync(journalPath);
  const journal = parseJournal(bytes, journalPath, { contiguous: true });
  const covered = journal.entries.filter((e) => e.seq < coveredSeq);
  if (covered.length === 0) return null;
  const to = journal.from + covered.length;

  const segmentPath = join(dir, segmentFile(journal.from, to));
  const lines = historyOf(covered).map((entry) => `${encodeJournalEntry(entry)}\n`);
  writeFileSync(`${segmentPath}.tmp`, gzipSync(lines.join('')));
  renameSync(`${segmentPath}.tmp`, segmentPath);
  after('segment-written');

  // The tail starts at the first line whose entry the snapshot does not include; it is copied
  // as written, so its entries stay byte for byte what was appended.
  const headerLines = bytes.subarray(0, 8).toString('utf8') === '{"from":' ? 1 : 0;
  const tailStart = lineStartOf(bytes, covered.length + headerLines);
  const tail = bytes.subarray(tailStart, journal.completeBytes);
  const header = Buffer.from(journalHeader(to), 'utf8');
  writeFileSync(`${journalPath}.tmp`, Buffer.concat([header, tail]));
  hooks.beforeSwitch?.();
  renameSync(`${journalPath}.tmp`, journalPath);
  after('journal-written');
  return { from: to, completeBytes: header.length + tail.length };
}

/** The byte offset where line `index` (0-based) starts. */
function lineStartOf(bytes: Buffer, index: number): number {
  let offset = 0;
  for (let i = 0; i < index; i++) offset = bytes.indexOf(0x0a, offset) + 1;
  return offset;
}
