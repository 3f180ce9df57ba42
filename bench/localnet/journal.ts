// What the activity generator's trades cost on disk, and what a restart costs to load them.
// A persisted localnet with the market runs N generator trades (`step()`, no timers), then closes;
// the data directory is measured (journal lines by kind: the history record vs the account
// writes; history segments), and the localnet is started again on it with the load timed.
// Usage: tsx bench/localnet/journal.ts [trades=600] [journalCompactBytes=8 MiB]. Prints figures
// only; the per-line split reads the live journal (compacted segments hold no account writes).

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createLocalnet } from '../../packages/localnet/src/index.js';
import { loadChain } from '../../packages/localnet/src/persistence/chain-store.js';

const TRADES = Number(process.argv[2] ?? 600);
const COMPACT_BYTES = process.argv[3] === undefined ? undefined : Number(process.argv[3]);

function sizes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const file of readdirSync(dir)) out[file] = statSync(join(dir, file)).size;
  return out;
}

/** Bytes of trade lines split into the record (`tx`) and the account writes (`w`). */
function tradeLines(dir: string): { lines: number; record: number; writes: number; total: number } {
  let lines = 0;
  let record = 0;
  let writes = 0;
  let total = 0;
  const files = readdirSync(dir).filter((f) => f === 'journal.jsonl');
  for (const file of files) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line.startsWith('{"n":') || !line.includes('"tx":')) continue;
      const parsed = JSON.parse(line) as { tx: { logMessages: string[] }; w: unknown[] };
      if (
        !parsed.tx.logMessages.some((l) => l.includes('Program 11111111111111111111111111111111'))
      )
        continue;
      lines += 1;
      record += JSON.stringify(parsed.tx).length;
      writes += JSON.stringify(parsed.w).length;
      total += line.length + 1;
    }
  }
  return { lines, record, writes, total };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-journal-'));
  try {
    const localnet = await createLocalnet({
      dataDir: dir,
      slotIntervalMs: 0,
      ...(COMPACT_BYTES === undefined ? {} : { journalCompactBytes: COMPACT_BYTES }),
      market: { seed: 'bench-journal', activity: { autoStart: false } },
      onError: (error) => console.error(error),
    });
    const activity = localnet.market?.activity;
    if (activity == null) throw new Error('no generator');
    const before = Object.values(sizes(dir)).reduce((a, b) => a + b, 0);
    let landed = 0;
    for (let i = 0; i < TRADES; i++) {
      const outcome = await activity.step();
      if (outcome.kind === 'trade') landed += 1;
    }
    await localnet.close();
    const files = sizes(dir);
    const after = Object.values(files).reduce((a, b) => a + b, 0);
    const journalBytes = Object.entries(files)
      .filter(([f]) => f.includes('.jsonl'))
      .reduce((a, [, b]) => a + b, 0);
    const lines = tradeLines(dir);
    console.log(`trades landed: ${landed}`);
    console.log(`files: ${JSON.stringify(files)}`);
    console.log(
      `directory grew ${after - before} B: ${((after - before) / landed).toFixed(0)} B/trade`,
    );
    console.log(`journal and history files: ${journalBytes} B`);
    if (lines.lines > 0) {
      console.log(
        `per trade line: ${(lines.total / lines.lines).toFixed(0)} B ` +
          `(record ${(lines.record / lines.lines).toFixed(0)} B, account writes ${(lines.writes / lines.lines).toFixed(0)} B)`,
      );
    }
    const started = performance.now();
    const loaded = loadChain(dir);
    const loadMs = performance.now() - started;
    console.log(`loadChain: ${loadMs.toFixed(0)} ms for ${loaded?.index.size ?? 0} transactions`);
    const restartStarted = performance.now();
    const again = await createLocalnet({
      dataDir: dir,
      ...(COMPACT_BYTES === undefined ? {} : { journalCompactBytes: COMPACT_BYTES }),
      slotIntervalMs: 0,
      market: { seed: 'bench-journal' },
    });
    console.log(`restart with the market: ${(performance.now() - restartStarted).toFixed(0)} ms`);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
