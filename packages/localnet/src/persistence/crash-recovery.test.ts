// kill -9 of a persisted localnet loses nothing it reported: the localnet runs in a child process,
// answers transfers and fixture writes, is killed with SIGKILL right after an answer and is
// started again on the same directory, at several random points in a row. Every balance, token
// amount, signature status, history entry, fixture account and the clock must agree with what it
// answered before the kill. Expected values come from the answers, never from the restarted chain.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { decodeBase58, encodeBase58 } from '../codec/base58.js';
import { encodeBase64 } from '../codec/base64.js';
import { generateKeypair, type Keypair } from '../chain/keypair.js';
import { buildLegacyTransaction, systemTransfer } from '../chain/legacy-message.js';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
} from '../chain/program-ids.js';
import { rpcCall, rpcResult } from '../testing/raw-rpc.js';

const CHILD = fileURLToPath(new URL('../testing/child-localnet.ts', import.meta.url));
const FEE = 5_000n;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-crash-'));
  dirs.push(dir);
  return dir;
}

interface Child {
  readonly url: string;
  readonly faucet: string;
  admin(op: string, ...args: string[]): Promise<unknown>;
  /** SIGKILL, at once; resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: a clean close. */
  stop(): Promise<void>;
}

async function startChild(
  dir: string,
  slotIntervalMs: number,
  journalCompactBytes?: number,
): Promise<Child> {
  const args = [CHILD, dir, String(slotIntervalMs)];
  if (journalCompactBytes !== undefined) args.push(String(journalCompactBytes));
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  const ready = new Promise<{ url: string; faucet: string }>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as {
        ready?: { url: string; faucet: string };
        id?: number;
        result?: unknown;
        error?: string;
      };
      if (message.ready !== undefined) return resolve(message.ready);
      const waiter = pending.get(message.id ?? -1);
      pending.delete(message.id ?? -1);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    void exited.then(() => reject(new Error(`the localnet exited early: ${stderr}`)));
  });
  const { url, faucet } = await ready;
  return {
    url,
    faucet,
    admin: (op, ...args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ id, op, args })}\n`);
      }),
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A small deterministic generator, so a failing run can be replayed from its seed. */
function random(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1;
  return (below) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

function transferChecked(
  source: string,
  mint: string,
  destination: string,
  owner: string,
  amount: bigint,
) {
  const data = new Uint8Array(10);
  data[0] = 12;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  return {
    programId: TOKEN_PROGRAM,
    accounts: [
      { address: source, signer: false, writable: true },
      { address: mint, signer: false, writable: false },
      { address: destination, signer: false, writable: true },
      { address: owner, signer: true, writable: false },
    ],
    data,
  };
}

/** What the localnet answered before each kill: the only source of expected values. */
class Answered {
  readonly lamports = new Map<string, bigint>();
  readonly tokens = new Map<string, bigint>();
  readonly history = new Map<string, Set<string>>();
  readonly signatures: string[] = [];
  readonly fixtures = new Map<string, { lamports: bigint; dataHex: string }>();
  readonly tables = new Map<string, string[]>();
  blockHeight = 0;

  credit(address: string, delta: bigint): void {
    this.lamports.set(address, (this.lamports.get(address) ?? 0n) + delta);
  }

  landed(signature: string, addresses: readonly string[]): void {
    this.signatures.push(signature);
    for (const address of addresses) {
      const set = this.history.get(address) ?? new Set<string>();
      set.add(signature);
      this.history.set(address, set);
    }
  }
}

async function send(url: string, wire: Uint8Array): Promise<string> {
  return rpcResult<string>(url, 'sendTransaction', [encodeBase64(wire), { encoding: 'base64' }]);
}

async function latestBlockhash(url: string, answered: Answered): Promise<string> {
  const reply = await rpcResult<{
    context: { slot: number };
    value: { blockhash: string; lastValidBlockHeight: number };
  }>(url, 'getLatestBlockhash');
  answered.blockHeight = Math.max(answered.blockHeight, reply.value.lastValidBlockHeight - 150);
  return reply.value.blockhash;
}

async function expectAgreement(url: string, answered: Answered, seed: number): Promise<void> {
  const context = `seed ${seed}`;
  const addresses = [...answered.lamports.keys()];
  const accounts = await rpcResult<{ value: ({ lamports: number } | null)[] }>(
    url,
    'getMultipleAccounts',
    [addresses, { encoding: 'base64' }],
  );
  expect(
    Object.fromEntries(addresses.map((a, i) => [a, BigInt(accounts.value[i]?.lamports ?? 0)])),
    context,
  ).toEqual(Object.fromEntries(answered.lamports));
  for (const [account, amount] of answered.tokens) {
    const balance = await rpcResult<{ value: { amount: string } }>(url, 'getTokenAccountBalance', [
      account,
    ]);
    expect(BigInt(balance.value.amount), `${context}: token account ${account}`).toBe(amount);
  }
  for (let i = 0; i < answered.signatures.length; i += 256) {
    const batch = answered.signatures.slice(i, i + 256);
    const statuses = await rpcResult<{ value: ({ err: unknown } | null)[] }>(
      url,
      'getSignatureStatuses',
      [batch, { searchTransactionHistory: true }],
    );
    expect(
      batch.filter((_, j) => statuses.value[j]?.err !== null),
      `${context}: signatures without a successful status`,
    ).toEqual([]);
  }
  for (const [address, signatures] of answered.history) {
    const history = await rpcResult<{ signature: string }[]>(url, 'getSignaturesForAddress', [
      address,
    ]);
    expect(new Set(history.map((h) => h.signature)), `${context}: history of ${address}`).toEqual(
      signatures,
    );
  }
  for (const [address, fixture] of answered.fixtures) {
    const info = await rpcResult<{ value: { lamports: number; data: [string, string] } | null }>(
      url,
      'getAccountInfo',
      [address, { encoding: 'base64' }],
    );
    expect(info.value?.lamports, `${context}: fixture ${address}`).toBe(Number(fixture.lamports));
    expect(Buffer.from(info.value?.data[0] ?? '', 'base64').toString('hex')).toBe(fixture.dataHex);
  }
  for (const [table, entries] of answered.tables) {
    const info = await rpcResult<{ value: { owner: string; data: [string, string] } | null }>(
      url,
      'getAccountInfo',
      [table, { encoding: 'base64' }],
    );
    expect(info.value?.owner, `${context}: lookup table ${table}`).toBe(
      ADDRESS_LOOKUP_TABLE_PROGRAM,
    );
    expect(Buffer.from(info.value?.data[0] ?? '', 'base64').length).toBe(56 + 32 * entries.length);
  }
  expect(
    await rpcResult<number>(url, 'getBlockHeight'),
    `${context}: block height`,
  ).toBeGreaterThanOrEqual(answered.blockHeight);
}

/**
 * Rounds of operations, each ended by a SIGKILL right after an answer, then a restart that must
 * agree with every answer. With `journalCompactBytes` small, nearly every snapshot also compacts
 * the journal, so kills fall before, during and after compactions.
 */
async function killAndRestartRounds(journalCompactBytes?: number): Promise<void> {
  const seed = Date.now() % 1_000_000;
  const next = random(seed);
  const dir = dataDir();
  const answered = new Answered();
  const wallets: Keypair[] = Array.from({ length: 6 }, () => generateKeypair());
  let mint = '';
  const ata = new Map<string, string>();
  let lastWire: Uint8Array | null = null;
  // The same transfer twice under one blockhash is one transaction; such a draw is skipped.
  const sent = new Set<string>();
  const fresh = (wire: Uint8Array): boolean => {
    const text = encodeBase64(wire);
    if (sent.has(text)) return false;
    sent.add(text);
    return true;
  };

  for (let round = 0; round < 4; round++) {
    const child = await startChild(dir, 20, journalCompactBytes);
    const { url } = child;
    if (round > 0) {
      await expectAgreement(url, answered, seed);
      // The transaction answered just before the kill is known: sent again, it lands nowhere.
      if (lastWire !== null) {
        const again = await rpcCall(url, 'sendTransaction', [
          encodeBase64(lastWire),
          { encoding: 'base64', skipPreflight: true },
        ]);
        expect(again.error, `seed ${seed}`).toBeUndefined();
      }
    } else {
      for (const wallet of wallets) {
        const signature = String(
          await child.admin('fund', wallet.address, String(10_000_000_000n)),
        );
        answered.credit(wallet.address, 10_000_000_000n);
        answered.landed(signature, [wallet.address, child.faucet]);
      }
      mint = String(await child.admin('createMint', '0', 'Crash Token', 'CRASH'));
      for (const [i, wallet] of wallets.slice(0, 2).entries()) {
        const amount = i === 0 ? 1_000_000n : 0n;
        const account = String(
          await child.admin('createTokenAccount', wallet.address, mint, String(amount)),
        );
        ata.set(wallet.address, account);
        answered.tokens.set(account, amount);
      }
    }

    const operations = 5 + next(40);
    // In some rounds a pause lets the periodic snapshot (once a second) run part-way through,
    // so the kill also falls after a snapshot that holds some of the round but not all of it.
    const pauseAt = next(2) === 0 ? next(operations) : -1;
    let blockhash = await latestBlockhash(url, answered);
    for (let op = 0; op < operations; op++) {
      const last = op === operations - 1;
      if (op === pauseAt) await new Promise((resolve) => setTimeout(resolve, 1_300));
      const kind = last ? 0 : next(10);
      if (kind === 7) {
        const address = generateKeypair().address;
        const lamports = BigInt(1_000_000 + next(1_000_000));
        const dataHex = Buffer.from([next(256), next(256), next(256)]).toString('hex');
        await child.admin('setAccount', address, String(lamports), dataHex);
        answered.fixtures.set(address, { lamports, dataHex });
      } else if (kind === 8) {
        const entries = wallets.slice(0, 1 + next(wallets.length)).map((w) => w.address);
        answered.tables.set(String(await child.admin('createLookupTable', ...entries)), entries);
      } else if (kind === 9) {
        const wallet = wallets[next(wallets.length)] as Keypair;
        // Two equal airdrops in one slot are one transaction: the amount keeps them apart.
        const lamports = 1_000_000 + answered.signatures.length;
        const signature = await rpcResult<string>(url, 'requestAirdrop', [
          wallet.address,
          lamports,
        ]);
        answered.credit(wallet.address, BigInt(lamports));
        answered.landed(signature, [wallet.address, child.faucet]);
      } else if (kind === 6) {
        // A token transfer between the two token holders, paid by the sender.
        const [a, b] = next(2) === 0 ? [0, 1] : [1, 0];
        const from = wallets[a] as Keypair;
        const to = wallets[b] as Keypair;
        const source = ata.get(from.address) ?? '';
        const destination = ata.get(to.address) ?? '';
        const held = answered.tokens.get(source) ?? 0n;
        if (held === 0n) continue;
        const amount = 1n + BigInt(next(Number(held)));
        const wire = buildLegacyTransaction(
          from,
          [transferChecked(source, mint, destination, from.address, amount)],
          blockhash,
        );
        if (!fresh(wire)) continue;
        const signature = await send(url, wire);
        answered.credit(from.address, -FEE);
        answered.tokens.set(source, held - amount);
        answered.tokens.set(destination, (answered.tokens.get(destination) ?? 0n) + amount);
        answered.landed(signature, [from.address, source, destination]);
      } else {
        const i = next(wallets.length);
        const j = (i + 1 + next(wallets.length - 1)) % wallets.length;
        const from = wallets[i] as Keypair;
        const to = wallets[j] as Keypair;
        const amount = BigInt(1_000 + next(1_000_000));
        const wire = buildLegacyTransaction(
          from,
          [systemTransfer(from.address, to.address, amount)],
          blockhash,
        );
        if (!fresh(wire)) continue;
        const signature = await send(url, wire);
        answered.credit(from.address, -(amount + FEE));
        answered.credit(to.address, amount);
        answered.landed(signature, [from.address, to.address]);
        lastWire = wire;
        if (last) break;
      }
      if (next(8) === 0) blockhash = await latestBlockhash(url, answered);
    }
    await child.kill();
  }

  const child = await startChild(dir, 20, journalCompactBytes);
  try {
    await expectAgreement(child.url, answered, seed);
  } finally {
    await child.stop();
  }
  if (journalCompactBytes !== undefined) {
    // Each restart compacted what the journal's snapshot held: the history lives in segments.
    expect(readdirSync(dir).some((file) => file.startsWith('history-'))).toBe(true);
  }
}

describe('a persisted localnet killed with SIGKILL', () => {
  it('comes back with every transfer and fixture write it answered, at random kill points', async () => {
    await killAndRestartRounds();
  }, 120_000);

  it('loses nothing either when its journal is compacted after nearly every snapshot', async () => {
    await killAndRestartRounds(2_048);
  }, 120_000);

  it('keeps a blockhash that expired before the kill expired after it, with no transaction since', async () => {
    const dir = dataDir();
    const answered = new Answered();
    const wallet = generateKeypair();
    const first = await startChild(dir, 0);
    await first.admin('fund', wallet.address, String(1_000_000_000n));
    // Long enough for the periodic snapshot to have caught everything so far.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const blockhash = await latestBlockhash(first.url, answered);
    const wire = buildLegacyTransaction(
      wallet,
      [systemTransfer(wallet.address, generateKeypair().address, 1_000_000n)],
      blockhash,
    );
    await first.admin('advanceSlots', '151');
    answered.blockHeight = await rpcResult<number>(first.url, 'getBlockHeight');
    const refused = await rpcCall(first.url, 'sendTransaction', [
      encodeBase64(wire),
      { encoding: 'base64', skipPreflight: true },
    ]);
    expect(refused.error).toBeUndefined(); // an unlandable send still answers its signature
    await first.kill();

    const second = await startChild(dir, 0);
    try {
      expect(await rpcResult<number>(second.url, 'getBlockHeight')).toBeGreaterThanOrEqual(
        answered.blockHeight,
      );
      await rpcCall(second.url, 'sendTransaction', [
        encodeBase64(wire),
        { encoding: 'base64', skipPreflight: true },
      ]);
      const balance = await rpcResult<{ value: number }>(second.url, 'getBalance', [
        wallet.address,
      ]);
      expect(balance.value).toBe(1_000_000_000);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('never gives a durable nonce a value it held before the kill', async () => {
    const dir = dataDir();
    const payer = generateKeypair();
    const nonce = generateKeypair();
    const first = await startChild(dir, 0);
    await first.admin('fund', payer.address, String(1_000_000_000n));
    const rent = await rpcResult<number>(first.url, 'getMinimumBalanceForRentExemption', [80]);
    const created = await send(
      first.url,
      buildLegacyTransaction(
        payer,
        [
          createNonceAccount(payer.address, nonce.address, BigInt(rent)),
          initializeNonce(nonce.address, payer.address),
        ],
        await latestBlockhash(first.url, new Answered()),
        [nonce],
      ),
    );
    expect(typeof created).toBe('string');
    const held = new Set([await storedNonce(first.url, nonce.address)]);
    for (let i = 0; i < 4; i++) {
      const value = await storedNonce(first.url, nonce.address);
      await send(
        first.url,
        buildLegacyTransaction(payer, [advanceNonce(nonce.address, payer.address)], value),
      );
      held.add(await storedNonce(first.url, nonce.address));
    }
    expect(held.size).toBe(5);
    await first.kill();

    const second = await startChild(dir, 0);
    try {
      for (let i = 0; i < 8; i++) {
        const value = await storedNonce(second.url, nonce.address);
        await send(
          second.url,
          buildLegacyTransaction(payer, [advanceNonce(nonce.address, payer.address)], value),
        );
        const next = await storedNonce(second.url, nonce.address);
        expect(held.has(next), `advance ${i} after the restart`).toBe(false);
        held.add(next);
      }
    } finally {
      await second.stop();
    }
  }, 60_000);
});

const RECENT_BLOCKHASHES = 'SysvarRecentB1ockHashes11111111111111111111';
const RENT = 'SysvarRent111111111111111111111111111111111';

function systemInstruction(index: number, ...rest: number[]): Uint8Array {
  return new Uint8Array([index, 0, 0, 0, ...rest]);
}

function u64Bytes(value: bigint): number[] {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return [...bytes];
}

function createNonceAccount(payer: string, nonce: string, lamports: bigint) {
  return {
    programId: SYSTEM_PROGRAM,
    accounts: [
      { address: payer, signer: true, writable: true },
      { address: nonce, signer: true, writable: true },
    ],
    data: systemInstruction(
      0,
      ...u64Bytes(lamports),
      ...u64Bytes(80n),
      ...decodeBase58(SYSTEM_PROGRAM),
    ),
  };
}

function initializeNonce(nonce: string, authority: string) {
  return {
    programId: SYSTEM_PROGRAM,
    accounts: [
      { address: nonce, signer: false, writable: true },
      { address: RECENT_BLOCKHASHES, signer: false, writable: false },
      { address: RENT, signer: false, writable: false },
    ],
    data: systemInstruction(6, ...decodeBase58(authority)),
  };
}

function advanceNonce(nonce: string, authority: string) {
  return {
    programId: SYSTEM_PROGRAM,
    accounts: [
      { address: nonce, signer: false, writable: true },
      { address: RECENT_BLOCKHASHES, signer: false, writable: false },
      { address: authority, signer: true, writable: false },
    ],
    data: systemInstruction(4),
  };
}

async function storedNonce(url: string, address: string): Promise<string> {
  const info = await rpcResult<{ value: { data: [string, string] } }>(url, 'getAccountInfo', [
    address,
    { encoding: 'base64' },
  ]);
  return encodeBase58(Buffer.from(info.value.data[0], 'base64').subarray(40, 72));
}
