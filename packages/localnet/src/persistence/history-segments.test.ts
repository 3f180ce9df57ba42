// Journal compaction: the entries a snapshot includes leave the journal for gzipped history
// segments holding only the history, and a kill at any step of it leaves a chain that loads with
// every landed transaction. (crash-recovery.test.ts also kills a real process mid-run with
// compaction after nearly every snapshot.)

import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { afterAll, describe, expect, it } from 'vitest';

import { createLocalnet, type Localnet } from '../index.js';
import { generateKeypair, latestBlockhash, rpcResult, signedTransfer } from '../testing/raw-rpc.js';
import { compactJournal, listSegments, type CompactionStep } from './history-segments.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-compaction-'));
  dirs.push(dir);
  return dir;
}

interface Landed {
  readonly wallets: readonly string[];
  readonly signatures: readonly string[];
  readonly balances: ReadonlyMap<string, number>;
}

/** Funds three wallets and lands `count` transfers among them; what the localnet answered. */
async function landTransfers(localnet: Localnet, count: number, landed?: Landed): Promise<Landed> {
  const keys = Array.from({ length: 3 }, () => generateKeypair());
  const signatures = [...(landed?.signatures ?? [])];
  for (const key of keys) signatures.push(await localnet.admin.fund(key.address, 1_000_000_000n));
  for (let i = 0; i < count; i++) {
    const from = keys[i % 3];
    const to = keys[(i + 1) % 3];
    if (from === undefined || to === undefined) throw new Error('three wallets');
    const tx = signedTransfer(
      from,
      to.address,
      1_000n + BigInt(i),
      await latestBlockhash(localnet.url),
    );
    signatures.push(
      await rpcResult<string>(localnet.url, 'sendTransaction', [tx, { encoding: 'base64' }]),
    );
  }
  const wallets = [...(landed?.wallets ?? []), ...keys.map((k) => k.address)];
  const balances = new Map<string, number>();
  for (const wallet of wallets) {
    const reply = await rpcResult<{ value: number }>(localnet.url, 'getBalance', [wallet]);
    balances.set(wallet, reply.value);
  }
  return { wallets, signatures, balances };
}

/** The restarted localnet agrees with every answer: balances, statuses, histories, records. */
async function expectEverything(dir: string, landed: Landed): Promise<void> {
  const localnet = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
  try {
    for (const [wallet, lamports] of landed.balances) {
      const reply = await rpcResult<{ value: number }>(localnet.url, 'getBalance', [wallet]);
      expect(reply.value, `balance of ${wallet}`).toBe(lamports);
    }
    const statuses = await rpcResult<{ value: ({ err: unknown } | null)[] }>(
      localnet.url,
      'getSignatureStatuses',
      [landed.signatures, { searchTransactionHistory: true }],
    );
    expect(statuses.value.filter((s) => s?.err !== null)).toEqual([]);
    for (const wallet of landed.wallets) {
      const history = await rpcResult<{ signature: string }[]>(
        localnet.url,
        'getSignaturesForAddress',
        [wallet],
      );
      expect(history.length, `history of ${wallet}`).toBeGreaterThan(0);
    }
    const first = await rpcResult<{ meta: { fee: number; logMessages: string[] } } | null>(
      localnet.url,
      'getTransaction',
      [landed.signatures[0], { encoding: 'base64' }],
    );
    expect(first?.meta.fee).toBe(5_000);
    expect(first?.meta.logMessages.length).toBeGreaterThan(0);
  } finally {
    await localnet.close();
  }
}

describe('journal compaction', () => {
  it('keeps only the history of what a snapshot holds, and a restart answers all of it', async () => {
    const dir = dataDir();
    const first = await createLocalnet({ dataDir: dir, slotIntervalMs: 0, journalCompactBytes: 1 });
    const landed = await landTransfers(first, 12);
    await first.close();

    // Closing snapshots everything, so the whole journal moved: it is its header alone.
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8')).toMatch(/^\{"from":\d+\}\n$/);
    const segments = listSegments(dir);
    expect(segments.length).toBeGreaterThan(0);
    const lines = segments.flatMap((s) =>
      gunzipSync(readFileSync(join(dir, s.file)))
        .toString('utf8')
        .split('\n')
        .filter((line) => line.length > 0),
    );
    // Transactions without their account writes, and at most one clock line per segment.
    const transactions = lines.filter((line) => line.includes('"tx":'));
    expect(transactions).toHaveLength(landed.signatures.length);
    expect(transactions.every((line) => line.endsWith(',"w":[]}'))).toBe(true);
    expect(lines.length - transactions.length).toBeLessThanOrEqual(segments.length);

    await expectEverything(dir, landed);
    // And again after more traffic on the compacted directory.
    const second = await createLocalnet({
      dataDir: dir,
      slotIntervalMs: 0,
      journalCompactBytes: 1,
    });
    const more = await landTransfers(second, 5, landed);
    await second.close();
    await expectEverything(dir, more);
  });

  describe('killed part-way', () => {
    /**
     * A crash image: a directory copied while the localnet runs, its journal holding entries the
     * last snapshot includes and entries past it (written after the restart's snapshot).
     */
    async function crashImage(): Promise<{ image: string; landed: Landed }> {
      const root = dataDir();
      const live = join(root, 'live');
      const first = await createLocalnet({ dataDir: live, slotIntervalMs: 0 });
      const before = await landTransfers(first, 6);
      await first.close();
      const second = await createLocalnet({ dataDir: live, slotIntervalMs: 0 });
      const landed = await landTransfers(second, 4, before);
      const image = join(root, 'image');
      cpSync(live, image, { recursive: true });
      await second.close();
      return { image, landed };
    }

    class Killed extends Error {}

    const cases: readonly (CompactionStep | 'segment-partly-written')[] = [
      'segment-partly-written',
      'segment-written',
      'journal-written',
    ];
    for (const step of cases) {
      it(`after ${step}: loads with every landed transaction, and compacts again`, async () => {
        const { image, landed } = await crashImage();
        const meta = JSON.parse(readFileSync(join(image, 'meta.json'), 'utf8')) as {
          journalSeq: number;
        };
        if (step === 'segment-partly-written') {
          // What a kill mid-write leaves: a temporary file that is not yet a segment.
          writeFileSync(join(image, `history-0-${meta.journalSeq}.jsonl.gz.tmp`), 'cut sh');
        } else {
          expect(() =>
            compactJournal(image, 'journal.jsonl', meta.journalSeq, {
              after: (reached) => {
                if (reached === step) throw new Killed(step);
              },
            }),
          ).toThrow(Killed);
        }
        await expectEverything(image, landed);
        // The leftovers are gone, and the next compaction starts from a clean directory.
        expect(readdirSync(image).filter((f) => f.endsWith('.tmp'))).toEqual([]);
        const again = await createLocalnet({
          dataDir: image,
          slotIntervalMs: 0,
          journalCompactBytes: 1,
        });
        const more = await landTransfers(again, 3, landed);
        await again.close();
        await expectEverything(image, more);
      });
    }
  });
});
