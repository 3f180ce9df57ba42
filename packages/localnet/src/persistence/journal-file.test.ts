import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import type { JournalEntry } from './journal-entry.js';
import { JournalWriter, LocalnetDataError, readJournal } from './journal-file.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function journalPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-journal-'));
  dirs.push(dir);
  return join(dir, 'journal.jsonl');
}

const clock = (seq: number): JournalEntry => ({
  seq,
  kind: 'clock',
  slotCeiling: BigInt(seq * 32),
  clockOffsetSeconds: 0,
});

function write(path: string, entries: readonly JournalEntry[]): void {
  const writer = new JournalWriter(path, Infinity);
  for (const entry of entries) writer.append(entry);
  writer.close();
}

describe('the journal file', () => {
  it('reads nothing from a directory that has none', () => {
    expect(readJournal(journalPath())).toEqual({ from: 0, entries: [], completeBytes: 0 });
  });

  it('reads back every appended entry in order', () => {
    const path = journalPath();
    write(path, [clock(0), clock(1), clock(2)]);
    const { entries, completeBytes } = readJournal(path);
    expect(entries).toEqual([clock(0), clock(1), clock(2)]);
    expect(completeBytes).toBe(readFileSync(path).length);
  });

  it('ignores a last line cut short by a crash, and cuts it off before appending again', () => {
    const path = journalPath();
    write(path, [clock(0), clock(1)]);
    const intact = readFileSync(path).length;
    appendFileSync(path, '{"n":2,"clock":["6'); // the write a kill interrupted
    const cut = readJournal(path);
    expect(cut.entries).toEqual([clock(0), clock(1)]);
    expect(cut.completeBytes).toBe(intact);

    const writer = new JournalWriter(path, cut.completeBytes);
    writer.append(clock(2));
    writer.close();
    expect(readJournal(path).entries).toEqual([clock(0), clock(1), clock(2)]);
  });

  it('also ignores a whole last entry whose newline was not written', () => {
    const path = journalPath();
    write(path, [clock(0)]);
    appendFileSync(path, '{"n":1,"clock":["32",0]}');
    expect(readJournal(path).entries).toEqual([clock(0)]);
  });

  it('refuses a gap in the sequence, naming the line', () => {
    const path = journalPath();
    write(path, [clock(0), clock(1)]);
    appendFileSync(path, '{"n":3,"clock":["96",0]}\n');
    expect(() => readJournal(path)).toThrow(LocalnetDataError);
    expect(() => readJournal(path)).toThrow('line 3 holds entry 3 where entry 2 belongs');
  });

  it('refuses a damaged complete line rather than dropping what follows it', () => {
    const path = journalPath();
    write(path, [clock(0)]);
    appendFileSync(path, 'garbage\n');
    write(path, [clock(2)]);
    expect(() => readJournal(path)).toThrow('line 2 is not a journal entry');
  });

  it('refuses appends once closed', () => {
    const path = journalPath();
    const writer = new JournalWriter(path, 0);
    writer.close();
    expect(() => writer.append(clock(0))).toThrow('is closed');
  });

  it('throws when the line cannot be written, and refuses every append after that', () => {
    const writer = new JournalWriter('/dev/full', 0); // every write fails with ENOSPC
    const failure = (): unknown => {
      try {
        writer.append(clock(0));
      } catch (error) {
        return error;
      }
      return null;
    };
    const first = failure();
    expect(String(first)).toContain('ENOSPC');
    expect(failure()).toBe(first); // the remembered failure: no second write was tried
    writer.close();
  });
});
