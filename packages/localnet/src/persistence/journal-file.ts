// The journal on disk: complete lines are entries; a last line without its newline was cut short
// by a crash and never counted (its change was never reported, since the append had not
// returned). Anything else out of place — a complete line that does not decode, a sequence number
// out of order — is damage, and the localnet refuses to guess around it.
//
// Appends are synchronous writes to a descriptor opened for appending: when `append` returns, the
// line is in the kernel's page cache, which a killed process (kill -9) cannot take with it. There
// is no fsync: a power cut or kernel crash may lose the latest lines, and the localnet does not
// claim otherwise.

import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';

import { decodeJournalEntry, encodeJournalEntry, type JournalEntry } from './journal-entry.js';

export class LocalnetDataError extends Error {
  constructor(path: string, detail: string) {
    super(
      `the localnet data at ${path} is damaged: ${detail}. Move its directory aside to start a fresh chain.`,
    );
    this.name = 'LocalnetDataError';
  }
}

export interface JournalContents {
  /** The sequence number of the journal's first entry: the entries before it are compacted. */
  readonly from: number;
  readonly entries: readonly JournalEntry[];
  /** The length of the complete lines; a line cut short by a crash starts here. */
  readonly completeBytes: number;
}

const NEWLINE = 0x0a;

/**
 * A compacted journal's first line, `{"from":<seq>}`: the entries before `seq` live in history
 * segments (history-segments.ts). A journal without it starts at entry 0.
 */
export function journalHeader(from: number): string {
  return `${JSON.stringify({ from })}\n`;
}

function headerFrom(line: string): number | null {
  if (!line.startsWith('{"from":')) return null;
  const value = (JSON.parse(line) as { from?: unknown }).from;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new Error('the journal header is malformed');
  return value;
}

export function readJournal(path: string): JournalContents {
  if (!existsSync(path)) return { from: 0, entries: [], completeBytes: 0 };
  return parseJournal(readFileSync(path), path, { contiguous: true });
}

/**
 * The entries of journal-format bytes. `contiguous`: each entry's number follows the previous
 * one's (the journal); otherwise they only increase (a history segment, whose dropped entries
 * leave gaps).
 */
export function parseJournal(
  bytes: Buffer,
  path: string,
  options: { readonly contiguous: boolean },
): JournalContents {
  const completeBytes = bytes.lastIndexOf(NEWLINE) + 1;
  const entries: JournalEntry[] = [];
  let from = 0;
  let next = 0;
  let lineNumber = 0;
  // Line by line from the buffer: one string of a long journal could pass V8's string limit.
  for (let start = 0; start < completeBytes;) {
    const end = bytes.indexOf(NEWLINE, start);
    lineNumber += 1;
    const line = bytes.toString('utf8', start, end);
    start = end + 1;
    let entry: JournalEntry;
    try {
      const header = lineNumber === 1 ? headerFrom(line) : null;
      if (header !== null) {
        from = header;
        next = header;
        continue;
      }
      entry = decodeJournalEntry(line);
    } catch (error) {
      throw new LocalnetDataError(
        path,
        `line ${lineNumber} is not a journal entry (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (options.contiguous ? entry.seq !== next : entry.seq < next) {
      throw new LocalnetDataError(
        path,
        `line ${lineNumber} holds entry ${entry.seq} where entry ${next} belongs`,
      );
    }
    entries.push(entry);
    next = entry.seq + 1;
  }
  return { from, entries, completeBytes };
}

export class JournalWriter {
  private fd: number | null;
  /** Set by a failed append: the file may end in a partial line, so nothing more is written. */
  private failure: Error | null = null;

  /** Opens `path` for appending, first cutting off anything after `completeBytes`. */
  constructor(
    private readonly path: string,
    completeBytes: number,
  ) {
    this.fd = openSync(path, 'a');
    if (fstatSync(this.fd).size > completeBytes) ftruncateSync(this.fd, completeBytes);
  }

  /** Returns the line's length once it is written whole; throws otherwise. */
  append(entry: JournalEntry): number {
    if (this.fd === null) throw new Error(`the journal ${this.path} is closed`);
    if (this.failure !== null) throw this.failure;
    const bytes = Buffer.from(`${encodeJournalEntry(entry)}\n`, 'utf8');
    try {
      for (let written = 0; written < bytes.length;)
        written += writeSync(this.fd, bytes, written, bytes.length - written);
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      throw this.failure;
    }
    return bytes.length;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
