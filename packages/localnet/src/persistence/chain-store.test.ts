// With a data directory, chain state, the transaction index, the clock and asset names survive
// a restart, and the restart is quick. (crash-recovery.test.ts kills a real process.)

import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { LiteSvm } from 'litesvm/dist/internal.js';

import type { AssetMetadata } from '../admin/asset-registry.js';
import { Faucet } from '../admin/faucet.js';
import { LocalChain } from '../chain/local-chain.js';
import { nativeAccount } from '../chain/native-account.js';
import { ADDRESS_LOOKUP_TABLE_PROGRAM, SYSTEM_PROGRAM } from '../chain/program-ids.js';
import { MAX_SLOT_HASHES } from '../chain/slot-hashes.js';
import { decodeBase58 } from '../codec/base58.js';
import type { TransactionRecord } from '../history/transaction-record.js';
import { createLocalnet } from '../index.js';
import { ownerOf, sendCreateLookupTable } from '../testing/lookup-tables.js';
import { generateKeypair, latestBlockhash, rpcResult, signedTransfer } from '../testing/raw-rpc.js';
import { replayJournal } from './chain-store.js';
import type { JournalEntry } from './journal-entry.js';
import { LocalnetDataError } from './journal-file.js';
import { encodeRecord } from './record-codec.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-'));
  dirs.push(dir);
  return dir;
}

describe('persistence', () => {
  it('keeps balances, tokens, history, slot and asset names across a restart', async () => {
    const dir = dataDir();
    const first = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
    const wallet = generateKeypair();
    const recipient = generateKeypair().address;
    await first.admin.fund(wallet.address, 3_000_000_000n);
    const mint = await first.admin.createMint({
      decimals: 9,
      name: 'Fleet Token',
      symbol: 'FLT',
      program: 'token-2022',
    });
    const tokenAccount = await first.admin.createTokenAccount({
      owner: wallet.address,
      mint,
      amount: 42n,
    });
    const tx = signedTransfer(wallet, recipient, 1_000_000_000n, await latestBlockhash(first.url));
    const signature = await rpcResult<string>(first.url, 'sendTransaction', [
      tx,
      { encoding: 'base64' },
    ]);
    const slotBefore = await rpcResult<number>(first.url, 'getSlot');
    const faucet = first.admin.faucetAddress;
    await first.close();

    const started = performance.now();
    const second = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
    const startupMs = performance.now() - started;
    try {
      expect(startupMs).toBeLessThan(2_000);
      expect(second.admin.faucetAddress).toBe(faucet);
      expect(await rpcResult<number>(second.url, 'getSlot')).toBeGreaterThanOrEqual(slotBefore);
      expect(
        (await rpcResult<{ value: number }>(second.url, 'getBalance', [recipient])).value,
      ).toBe(1_000_000_000);
      expect(
        (await rpcResult<{ value: number }>(second.url, 'getBalance', [wallet.address])).value,
      ).toBe(2_000_000_000 - 5_000);
      const detail = await rpcResult<{ meta: { fee: number } }>(second.url, 'getTransaction', [
        signature,
      ]);
      expect(detail.meta.fee).toBe(5_000);
      const history = await rpcResult<{ signature: string }[]>(
        second.url,
        'getSignaturesForAddress',
        [wallet.address],
      );
      expect(history[0]?.signature).toBe(signature);
      expect(history).toHaveLength(2); // the funding transfer and the send
      const owned = await rpcResult<{ value: { pubkey: string }[] }>(
        second.url,
        'getTokenAccountsByOwner',
        [wallet.address, { mint }, { encoding: 'jsonParsed' }],
      );
      expect(owned.value.map((v) => v.pubkey)).toEqual([tokenAccount]);
      const asset = await rpcResult<{
        content: { metadata: { name: string; symbol: string } };
        token_info: { decimals: number };
      }>(second.url, 'getAsset', { id: mint });
      expect(asset.content.metadata).toEqual({ name: 'Fleet Token', symbol: 'FLT' });
      expect(asset.token_info.decimals).toBe(9);
      // A blockhash handed out before the restart is still honoured after it.
      const again = signedTransfer(wallet, recipient, 1_000n, await latestBlockhash(second.url));
      expect(
        typeof (await rpcResult<string>(second.url, 'sendTransaction', [
          again,
          { encoding: 'base64' },
        ])),
      ).toBe('string');
    } finally {
      await second.close();
    }
  });

  it('starts fresh in an empty directory', async () => {
    const localnet = await createLocalnet({ dataDir: dataDir(), slotIntervalMs: 0 });
    try {
      expect(await rpcResult<number>(localnet.url, 'getTransactionCount')).toBe(0);
    } finally {
      await localnet.close();
    }
  });
});

describe('recovery from a crash image', () => {
  // The directory copied while the localnet runs is what a kill -9 at that moment leaves: the
  // journal is written synchronously, and the periodic snapshot (a second later) has not run.
  it('has every account, history entry and asset name the journal holds past the snapshot', async () => {
    const dir = dataDir();
    const crashed = join(dir, 'crashed');
    const first = await createLocalnet({ dataDir: join(dir, 'live'), slotIntervalMs: 0 });
    const wallet = generateKeypair();
    await first.admin.fund(wallet.address, 1_000_000_000n);
    const mint = await first.admin.createMint({ decimals: 2, name: 'Crash', symbol: 'CR' });
    const account = await first.admin.createTokenAccount({
      owner: wallet.address,
      mint,
      amount: 250n,
    });
    const recipient = generateKeypair().address;
    const signature = await rpcResult<string>(first.url, 'sendTransaction', [
      signedTransfer(wallet, recipient, 1_000_000n, await latestBlockhash(first.url)),
      { encoding: 'base64' },
    ]);
    cpSync(join(dir, 'live'), crashed, { recursive: true });
    const lastSlot = await rpcResult<number>(first.url, 'getSlot');
    await first.close();

    const second = await createLocalnet({ dataDir: crashed, slotIntervalMs: 0 });
    try {
      const balance = (address: string) =>
        rpcResult<{ value: number }>(second.url, 'getBalance', [address]).then((r) => r.value);
      expect(await balance(wallet.address)).toBe(1_000_000_000 - 1_000_000 - 5_000);
      expect(await balance(recipient)).toBe(1_000_000);
      const tokens = await rpcResult<{ value: { amount: string } }>(
        second.url,
        'getTokenAccountBalance',
        [account],
      );
      expect(tokens.value.amount).toBe('250');
      const supply = await rpcResult<{ value: { amount: string } }>(second.url, 'getTokenSupply', [
        mint,
      ]);
      expect(supply.value.amount).toBe('250');
      const asset = await rpcResult<{ content: { metadata: { name: string } } }>(
        second.url,
        'getAsset',
        { id: mint },
      );
      expect(asset.content.metadata.name).toBe('Crash');
      const history = await rpcResult<{ signature: string }[]>(
        second.url,
        'getSignaturesForAddress',
        [wallet.address],
      );
      expect(history.map((h) => h.signature)[0]).toBe(signature);
      expect(history).toHaveLength(2);
      expect(await rpcResult<number>(second.url, 'getSlot')).toBeGreaterThan(lastSlot);
    } finally {
      await second.close();
    }
  });

  it('creates lookup tables at recent slots after the restart, slots from before the crash included', async () => {
    const dir = dataDir();
    const crashed = join(dir, 'crashed');
    const first = await createLocalnet({ dataDir: join(dir, 'live'), slotIntervalMs: 0 });
    const authority = generateKeypair();
    await first.admin.fund(authority.address, 10_000_000_000n);
    first.admin.advanceSlots(MAX_SLOT_HASHES); // a full sysvar: slot 0 has left it
    const slotBefore = BigInt(
      await rpcResult<number>(first.url, 'getSlot', [{ commitment: 'finalized' }]),
    );
    const before = await sendCreateLookupTable(first.url, authority, slotBefore);
    expect(before.reply.error).toBeUndefined();
    cpSync(join(dir, 'live'), crashed, { recursive: true });
    await first.close();

    const second = await createLocalnet({ dataDir: crashed, slotIntervalMs: 0 });
    try {
      expect(await ownerOf(second.url, before.table)).toBe(ADDRESS_LOOKUP_TABLE_PROGRAM);
      // The clock resumes above every slot reported before the crash, past the snapshot's
      // sysvar (taken at start-up): SlotHashes is rebuilt for the slot the chain resumes at.
      const slotAfter = BigInt(
        await rpcResult<number>(second.url, 'getSlot', [{ commitment: 'finalized' }]),
      );
      expect(slotAfter).toBeGreaterThan(slotBefore + 1n);
      const after = await sendCreateLookupTable(second.url, authority, slotAfter);
      expect(after.reply.error).toBeUndefined();
      expect(await ownerOf(second.url, after.table)).toBe(ADDRESS_LOOKUP_TABLE_PROGRAM);
      // A slot read before the crash is still recent, here for another authority.
      const other = generateKeypair();
      await second.admin.fund(other.address, 1_000_000_000n);
      const late = await sendCreateLookupTable(second.url, other, slotBefore);
      expect(late.reply.error).toBeUndefined();
      expect(await ownerOf(second.url, late.table)).toBe(ADDRESS_LOOKUP_TABLE_PROGRAM);
    } finally {
      await second.close();
    }
  });

  it('refuses a journal shorter than its snapshot says, instead of serving a mixed state', async () => {
    const dir = dataDir();
    const first = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
    await first.admin.fund(generateKeypair().address, 1_000_000_000n);
    await first.close();
    const journal = join(dir, 'journal.jsonl');
    const lines = readFileSync(journal, 'utf8').split('\n');
    writeFileSync(journal, lines.slice(0, 2).join('\n') + '\n');
    await expect(createLocalnet({ dataDir: dir })).rejects.toThrow(LocalnetDataError);
  });
});

describe('replaying the journal', () => {
  const system = (lamports: bigint) => ({
    lamports,
    data: new Uint8Array(0),
    owner: SYSTEM_PROGRAM,
    executable: false,
    rentEpoch: 0n,
  });

  it('applies only the entries the snapshot does not include, in order', () => {
    const svm = new LiteSvm();
    const [a, b] = [generateKeypair().address, generateKeypair().address];
    svm.setAccount(decodeBase58(a), nativeAccount(system(100n))); // the snapshot's state of a
    const entries: JournalEntry[] = [
      { seq: 0, kind: 'accounts', writes: [{ address: a, account: system(50n) }] },
      { seq: 1, kind: 'accounts', writes: [{ address: b, account: system(7n) }] },
      { seq: 2, kind: 'accounts', writes: [{ address: b, account: system(9n) }] },
      { seq: 3, kind: 'asset', mint: a, metadata: { name: 'n', symbol: 's' } },
    ];
    const assets = new Map<string, AssetMetadata>();
    replayJournal(svm, entries, 1, assets, 'journal.jsonl');
    expect(svm.getBalance(decodeBase58(a))).toBe(100n);
    expect(svm.getBalance(decodeBase58(b))).toBe(9n);
    expect(assets.get(a)).toEqual({ name: 'n', symbol: 's' });
  });

  it('rebuilds the whole history and keeps the last clock reservation', () => {
    const chain = new LocalChain({ seed: 'replay', slot: 3n });
    const faucet = new Faucet(chain);
    const records = [1n, 2n].map((n) => {
      const { outcome } = faucet.airdrop(generateKeypair().address, n * 1_000_000_000n);
      if (!outcome.landed) throw new Error('the airdrop did not land');
      return outcome.record;
    });
    const entries: JournalEntry[] = [
      { seq: 0, kind: 'transaction', record: records[0] as TransactionRecord, writes: [] },
      { seq: 1, kind: 'clock', slotCeiling: 40n, clockOffsetSeconds: 0 },
      { seq: 2, kind: 'transaction', record: records[1] as TransactionRecord, writes: [] },
      { seq: 3, kind: 'clock', slotCeiling: 72n, clockOffsetSeconds: 60 },
    ];
    const replayed = replayJournal(new LiteSvm(), entries, 4, new Map(), 'journal.jsonl');
    expect(replayed.index.all().map((r) => r.signature)).toEqual(records.map((r) => r.signature));
    expect(replayed.slotCeiling).toBe(72n);
    expect(replayed.clockOffsetSeconds).toBe(60);
  });

  it('refuses a transaction out of history order', () => {
    const chain = new LocalChain({ seed: 'replay', slot: 3n });
    const { outcome } = new Faucet(chain).airdrop(generateKeypair().address, 1_000_000_000n);
    if (!outcome.landed) throw new Error('the airdrop did not land');
    const entries: JournalEntry[] = [
      { seq: 0, kind: 'transaction', record: { ...outcome.record, seq: 1 }, writes: [] },
    ];
    expect(() => replayJournal(new LiteSvm(), entries, 0, new Map(), 'j')).toThrow(
      'entry 0 holds transaction 1 where 0 belongs',
    );
  });
});

describe('a version 1 directory', () => {
  it('is read as before and rewritten as a journal, history and balances kept', async () => {
    const dir = dataDir();
    const chain = new LocalChain({ seed: 'version-1', slot: 7n });
    const faucet = new Faucet(chain);
    const wallet = generateKeypair();
    const { outcome } = faucet.airdrop(wallet.address, 2_000_000_000n);
    if (!outcome.landed) throw new Error('the airdrop did not land');
    writeFileSync(join(dir, 'state.bin'), chain.svm.toBytes());
    writeFileSync(
      join(dir, 'meta.json'),
      JSON.stringify({
        version: 1,
        seed: 'version-1',
        slot: chain.slot.toString(),
        clockOffsetSeconds: 0,
        faucetSecret: faucet.keypair.exportSecret(),
        assets: [],
      }),
    );
    writeFileSync(join(dir, 'transactions.jsonl'), `${encodeRecord(outcome.record)}\n`);

    const first = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
    expect(first.admin.faucetAddress).toBe(faucet.address);
    expect(existsSync(join(dir, 'transactions.jsonl'))).toBe(false);
    expect(existsSync(join(dir, 'state.bin'))).toBe(false);
    const recipient = generateKeypair().address;
    await rpcResult<string>(first.url, 'sendTransaction', [
      signedTransfer(wallet, recipient, 1_000_000n, await latestBlockhash(first.url)),
      { encoding: 'base64' },
    ]);
    await first.close();

    const second = await createLocalnet({ dataDir: dir, slotIntervalMs: 0 });
    try {
      const history = await rpcResult<{ signature: string }[]>(
        second.url,
        'getSignaturesForAddress',
        [wallet.address],
      );
      expect(history.at(-1)?.signature).toBe(outcome.record.signature);
      expect(history).toHaveLength(2);
      expect(
        (await rpcResult<{ value: number }>(second.url, 'getBalance', [wallet.address])).value,
      ).toBe(2_000_000_000 - 1_000_000 - 5_000);
    } finally {
      await second.close();
    }
  });
});
