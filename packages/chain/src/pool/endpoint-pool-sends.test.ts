import {
  address as fleetAddress,
  createManualClock,
  lamports,
  packTransfers,
  type PlannedTransaction,
} from '@fleet/core';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildSignedTransaction } from '../send/build-transaction';
import { randomAddress } from '../testing/fixtures';
import { createEndpointPool } from './endpoint-pool';

/** Not a transaction: the localnet refuses it with a final JSON-RPC error, which still counts. */
const NOT_A_TRANSACTION = ['AQ==', { encoding: 'base64' }] as const;

/** Lets the pool's HTTP round trips finish; bounded, never a timing assertion. */
async function settle(until: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !until(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('the endpoint pool sending under a send budget', () => {
  let localnet: Localnet;
  const limited = ['sendsA', 'sendsB', 'sendsC'];

  beforeAll(async () => {
    localnet = await createLocalnet({
      endpoints: {
        good: {},
        // The benchmark: providers that allow 10 sendTransaction requests a second each.
        sendsA: { methodRps: { sendTransaction: 10 } },
        sendsB: { methodRps: { sendTransaction: 10 } },
        sendsC: { methodRps: { sendTransaction: 10 } },
      },
    });
  });
  afterAll(async () => {
    await localnet.close();
  });

  const url = (name: string): string => localnet.endpoints[name]?.url ?? '';

  it('spreads 150 signed transfers over three send-limited endpoints without one 429', async () => {
    for (const name of limited) localnet.admin.resetCounters(name);
    const pool = createEndpointPool({ endpoints: limited.map((n) => `${url(n)}#sendRps=10`) });
    expect(pool.sendBudgetPerSecond()).toBe(30);

    const payer = await generateKeyPairSigner();
    await localnet.admin.fund(payer.address, 10_000_000_000n);
    const { value: lifetime } = await pool.rpc.getLatestBlockhash().send();
    // One transfer a transaction: 150 sends, each its own signature.
    const planned = Array.from({ length: 150 }, (_, i): PlannedTransaction => {
      const packed = packTransfers({
        feePayer: fleetAddress(payer.address),
        version: 'legacy',
        computeBudget: false,
        transfers: [
          {
            itemId: `item-${i}`,
            from: fleetAddress(payer.address),
            to: fleetAddress(randomAddress()),
            lamports: lamports(1_000_000n),
          },
        ],
      });
      if (!packed.ok || packed.value[0] === undefined) throw new Error('a transfer packs alone');
      return packed.value[0];
    });
    const signed = await Promise.all(
      planned.map((tx) =>
        buildSignedTransaction({ planned: tx, lifetime }, () => Promise.resolve(payer)),
      ),
    );

    const answers = await Promise.all(
      signed.map((tx) =>
        pool.rpc
          .sendTransaction(tx.wireBase64, {
            encoding: 'base64',
            skipPreflight: true,
            maxRetries: 0n,
          })
          .send(),
      ),
    );
    expect(answers).toEqual(signed.map((tx) => tx.signature));

    const stats = pool.stats();
    expect(Object.values(stats.endpoint429s)).toEqual([0, 0, 0]);
    for (const name of limited) {
      expect(localnet.admin.counters(name).rateLimited).toBe(0);
      expect(localnet.admin.counters(name).requestsByMethod.sendTransaction ?? 0).toBeGreaterThan(
        0,
      );
    }
    const sends = Object.values(stats.endpointSends);
    expect(sends.reduce((a, b) => a + b, 0)).toBe(150);
    expect(Math.min(...sends)).toBeGreaterThan(0);
  });

  it('holds sends to the send bucket on its clock, while reads on the same endpoint go on', async () => {
    localnet.admin.resetCounters('good');
    const clock = createManualClock(Date.parse('2026-11-25T12:00:00Z'));
    const pool = createEndpointPool({
      endpoints: [`${url('good')}#sendRps=2`],
      clock,
      random: () => 0.5,
    });
    const sentToNode = () => localnet.admin.counters('good').requestsByMethod.sendTransaction ?? 0;
    const sends = Array.from({ length: 4 }, () =>
      pool.call('sendTransaction', NOT_A_TRANSACTION).catch((e: unknown) => e),
    );
    await settle(() => sentToNode() === 1 && pool.waiting() === 3);
    expect(sentToNode()).toBe(1);
    expect(pool.waiting()).toBe(3);

    // A read is not a send: it goes now, past the three sends that wait for their bucket.
    await expect(pool.call('getSlot', [])).resolves.toEqual(expect.any(BigInt));
    expect(pool.waiting()).toBe(3);

    // 2 × 0.97 sends a second from a bucket of 1.03 sends (the slack that banks a late timer):
    // the first send left 0.03 of a send, so the second is due 500 ms later and none before, and
    // each after it 516 ms (rounded up) after the one before.
    clock.advance(499);
    // Nothing is due: give a wrongly released send the time to reach the node.
    await new Promise((r) => setTimeout(r, 50));
    expect(sentToNode()).toBe(1);
    clock.advance(1);
    await settle(() => sentToNode() === 2);
    expect(sentToNode()).toBe(2);
    expect(pool.waiting()).toBe(2);

    clock.advance(516);
    await settle(() => sentToNode() === 3);
    clock.advance(516);
    await settle(() => sentToNode() === 4);
    expect(sentToNode()).toBe(4);
    await Promise.all(sends);
    expect(pool.stats().endpointSends).toEqual({ [pool.stats().endpoints[0] ?? '']: 4 });
  });

  it('knows its send budget only when every endpoint has a rate', () => {
    const pool = (endpoints: string[]) => createEndpointPool({ endpoints }).sendBudgetPerSecond();
    expect(pool(['http://127.0.0.1:1/a#rps=50&sendRps=10', 'http://127.0.0.1:1/b#rps=5'])).toBe(15);
    expect(pool(['http://127.0.0.1:1/a#rps=4&sendRps=10'])).toBe(4);
    expect(pool(['http://127.0.0.1:1/a#sendRps=10', 'http://127.0.0.1:1/b'])).toBeNull();
  });
});
