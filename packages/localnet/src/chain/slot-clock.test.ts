import { afterEach, describe, expect, it } from 'vitest';

import { generateKeypair } from './keypair.js';
import { buildLegacyTransaction, systemTransfer } from './legacy-message.js';
import { LocalChain } from './local-chain.js';
import { SYSTEM_PROGRAM } from './program-ids.js';
import { startSlotClock } from './slot-clock.js';
import { parseWireTransaction } from './wire-transaction.js';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function fundedChain(): { chain: LocalChain; send: (lamports: bigint) => void } {
  const chain = new LocalChain({ seed: 'slot-clock', slot: 10n });
  const payer = generateKeypair();
  chain.writeAccount(payer.address, {
    lamports: 10n ** 12n,
    data: new Uint8Array(0),
    owner: SYSTEM_PROGRAM,
    executable: false,
  });
  const to = generateKeypair().address;
  const send = (lamports: bigint): void => {
    const bytes = buildLegacyTransaction(
      payer,
      [systemTransfer(payer.address, to, lamports)],
      chain.latestBlockhash().blockhash,
    );
    const outcome = chain.land(parseWireTransaction(bytes));
    if (!outcome.landed) throw new Error(JSON.stringify(outcome.err));
  };
  return { chain, send };
}

/** Without a journal a clock move cannot fail; if one does, the test fails with it. */
const rethrow = (error: unknown): never => {
  throw error;
};

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the slot clock', () => {
  it('advances one slot per interval, never faster', async () => {
    const { chain } = fundedChain();
    const started = performance.now();
    stops.push(
      startSlotClock(chain, { slotIntervalMs: 20, transactionsPerSlot: 1_000, onError: rethrow }),
    );
    // Timers may run late on a busy machine, so wait for five slots rather than a fixed time.
    while (chain.slot < 15n && performance.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(chain.slot).toBeGreaterThanOrEqual(15n);
    expect(performance.now() - started).toBeGreaterThanOrEqual(5 * 20 - 5);
  });

  it('closes a slot early once it holds a full block of transactions', async () => {
    const { chain, send } = fundedChain();
    stops.push(
      startSlotClock(chain, { slotIntervalMs: 60_000, transactionsPerSlot: 3, onError: rethrow }),
    );
    for (let i = 0; i < 7; i++) {
      send(1_000_000n + BigInt(i));
      await tick();
    }
    expect(chain.slot).toBe(12n);
    const slots = chain.index.all().map((r) => r.slot);
    expect(slots).toEqual([10n, 10n, 10n, 11n, 11n, 11n, 12n]);
  });

  it('advances one slot per landed transaction when the clock is stopped', async () => {
    const { chain, send } = fundedChain();
    stops.push(
      startSlotClock(chain, { slotIntervalMs: 0, transactionsPerSlot: 1_000, onError: rethrow }),
    );
    send(1_000_000n);
    await tick();
    send(1_000_001n);
    await tick();
    expect(chain.slot).toBe(12n);
  });
});

describe('chain events', () => {
  it('report a failing listener without undoing or blocking the landing', () => {
    const failures: unknown[] = [];
    const chain = new LocalChain({
      seed: 'events',
      slot: 0n,
      onListenerError: (error) => failures.push(error),
    });
    const payer = generateKeypair();
    chain.writeAccount(payer.address, {
      lamports: 10n ** 10n,
      data: new Uint8Array(0),
      owner: SYSTEM_PROGRAM,
      executable: false,
    });
    chain.on('transaction', () => {
      throw new Error('listener bug');
    });
    const seen: string[] = [];
    chain.on('transaction', (record) => seen.push(record.signature));
    const bytes = buildLegacyTransaction(
      payer,
      [systemTransfer(payer.address, generateKeypair().address, 1_000_000n)],
      chain.latestBlockhash().blockhash,
    );
    const outcome = chain.land(parseWireTransaction(bytes));
    expect(outcome.landed).toBe(true);
    expect(seen).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });
});
