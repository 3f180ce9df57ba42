// The chain tells its journal about every change before anything else sees it, and a change the
// journal cannot record does not happen.

import { describe, expect, it } from 'vitest';

import type { TransactionRecord } from '../history/transaction-record.js';
import { JournalError, type AccountWrite, type ChainJournal } from './chain-journal.js';
import { generateKeypair } from './keypair.js';
import { buildLegacyTransaction, systemTransfer } from './legacy-message.js';
import { LocalChain } from './local-chain.js';
import { SYSTEM_PROGRAM } from './program-ids.js';
import { parseWireTransaction } from './wire-transaction.js';

type Heard =
  | { kind: 'landed'; record: TransactionRecord; writes: readonly AccountWrite[] }
  | { kind: 'written'; writes: readonly AccountWrite[] }
  | { kind: 'clock'; slot: bigint; offset: number };

/** A journal that keeps what it hears, and fails every call while `failing` is set. */
class RecordingJournal implements ChainJournal {
  readonly heard: Heard[] = [];
  failing = false;

  private hear(entry: Heard): void {
    if (this.failing) throw new Error('disk full');
    this.heard.push(entry);
  }

  transactionLanded(record: TransactionRecord, writes: readonly AccountWrite[]): void {
    this.hear({ kind: 'landed', record, writes });
  }

  accountsWritten(writes: readonly AccountWrite[]): void {
    this.hear({ kind: 'written', writes });
  }

  clockMoving(slot: bigint, clockOffsetSeconds: number): void {
    this.hear({ kind: 'clock', slot, offset: clockOffsetSeconds });
  }
}

function setup() {
  const journal = new RecordingJournal();
  const chain = new LocalChain({ seed: 'journal', slot: 5n, journal });
  const payer = generateKeypair();
  chain.writeAccount(payer.address, {
    lamports: 1_000_000_000n,
    data: new Uint8Array(0),
    owner: SYSTEM_PROGRAM,
    executable: false,
  });
  const recipient = generateKeypair().address;
  const transfer = (lamports: bigint) =>
    parseWireTransaction(
      buildLegacyTransaction(
        payer,
        [systemTransfer(payer.address, recipient, lamports)],
        chain.latestBlockhash().blockhash,
      ),
    );
  return { journal, chain, payer, recipient, transfer };
}

describe('the chain and its journal', () => {
  it('records the complete state of every account a transaction could write, and only those', () => {
    const { journal, chain, payer, recipient, transfer } = setup();
    const outcome = chain.land(transfer(1_000_000n));
    expect(outcome.landed).toBe(true);
    const landed = journal.heard.at(-1);
    expect(landed?.kind).toBe('landed');
    if (landed?.kind !== 'landed') return;
    expect(landed.writes.map((w) => [w.address, w.account.lamports, w.account.owner])).toEqual([
      [payer.address, 1_000_000_000n - 1_000_000n - 5_000n, SYSTEM_PROGRAM],
      [recipient, 1_000_000n, SYSTEM_PROGRAM],
    ]);
  });

  it('records a landing and a fixture write before any listener hears of them', () => {
    const { journal, chain, transfer } = setup();
    const seenByListeners: number[] = [];
    chain.on('transaction', () => seenByListeners.push(journal.heard.length));
    chain.on('accounts', () => seenByListeners.push(journal.heard.length));
    const before = journal.heard.length;
    chain.land(transfer(1_000_000n));
    chain.writeAccount(generateKeypair().address, {
      lamports: 1n,
      data: new Uint8Array(0),
      owner: SYSTEM_PROGRAM,
      executable: false,
    });
    expect(seenByListeners).toEqual([before + 1, before + 1, before + 2]);
  });

  it('undoes a transaction its journal cannot record, and then refuses every change', () => {
    const { journal, chain, payer, recipient, transfer } = setup();
    const tx = transfer(1_000_000n);
    journal.failing = true;
    expect(() => chain.land(tx)).toThrow(JournalError);
    expect(chain.getBalance(payer.address)).toBe(1_000_000_000n);
    expect(chain.getBalance(recipient)).toBe(0n);
    expect(chain.index.get(tx.signature)).toBeUndefined();

    journal.failing = false;
    expect(() => chain.land(transfer(2_000_000n))).toThrow(JournalError);
    expect(() =>
      chain.writeAccount(recipient, {
        lamports: 1n,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM,
        executable: false,
      }),
    ).toThrow('accepts no more changes: disk full');
    expect(chain.getBalance(recipient)).toBe(0n);
  });

  it('applies no part of a fixture write its journal cannot record', () => {
    const { journal, chain } = setup();
    const [a, b] = [generateKeypair().address, generateKeypair().address];
    const state = {
      lamports: 7n,
      data: new Uint8Array(0),
      owner: SYSTEM_PROGRAM,
      executable: false,
    };
    journal.failing = true;
    expect(() =>
      chain.writeAccounts([
        { address: a, state },
        { address: b, state },
      ]),
    ).toThrow(JournalError);
    expect([chain.getBalance(a), chain.getBalance(b)]).toEqual([0n, 0n]);
  });

  it('refuses a fixture write with a bad address before recording it', () => {
    const { journal, chain } = setup();
    const before = journal.heard.length;
    expect(() =>
      chain.writeAccount('not-an-address', {
        lamports: 1n,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM,
        executable: false,
      }),
    ).toThrow();
    expect(journal.heard.length).toBe(before);
  });

  it('moves the clock only once the journal recorded the move', () => {
    const { journal, chain } = setup();
    chain.advanceSlots(3n);
    expect(journal.heard.at(-1)).toEqual({ kind: 'clock', slot: 8n, offset: 0 });
    journal.failing = true;
    expect(() => chain.advanceSlots(1n)).toThrow('disk full');
    expect(() => chain.setUnixTimestamp(Math.floor(Date.now() / 1000) + 3_600)).toThrow();
    expect(chain.slot).toBe(8n);
    expect(chain.clockOffset).toBe(0);
  });
});
