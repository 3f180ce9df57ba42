// Named endpoints over one chain, each failing the way its profile says, counting what it served.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalnet, type Localnet } from '../index.js';
import {
  generateKeypair,
  latestBlockhash,
  postRaw,
  rpcCall,
  rpcResult,
  signedTransfer,
} from '../testing/raw-rpc.js';

let localnet: Localnet;

beforeAll(async () => {
  localnet = await createLocalnet({
    slotIntervalMs: 0,
    endpoints: {
      fast: {},
      slow: {},
      limited: {},
      flaky: {},
      lossy: {},
      unacked: {},
      behind: {},
    },
  });
});

afterAll(async () => {
  await localnet.close();
});

const urlOf = (name: string): string => {
  const endpoint = localnet.endpoints[name];
  if (endpoint === undefined) throw new Error(`no endpoint ${name}`);
  return endpoint.url;
};

describe('fault profiles', () => {
  it('serves every named endpoint over the same chain', async () => {
    const target = generateKeypair().address;
    await localnet.admin.fund(target, 3_000_000n);
    for (const name of ['default', 'fast', 'slow']) {
      expect((await rpcResult<{ value: number }>(urlOf(name), 'getBalance', [target])).value).toBe(
        3_000_000,
      );
    }
    expect((await postRaw(`${localnet.url}/rpc/missing`, '{}')).status).toBe(404);
  });

  it('answers over the request-rate limit with HTTP 429 and Retry-After', async () => {
    // One per second: the five requests below arrive well within a second even on a busy machine.
    localnet.admin.setProfile('limited', { rps: 1 });
    localnet.admin.resetCounters('limited');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const response = await postRaw(
        urlOf('limited'),
        JSON.stringify({ jsonrpc: '2.0', id: i, method: 'getSlot' }),
      );
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(localnet.admin.counters('limited')).toMatchObject({
      rateLimited: 4,
      httpRequests: 5,
      totalCalls: 5,
    });
  });

  it('limits one method without touching the others, counting batch items', async () => {
    localnet.admin.setProfile('limited', { methodRps: { getProgramAccounts: 1 } });
    const gpa = {
      jsonrpc: '2.0',
      id: 1,
      method: 'getProgramAccounts',
      params: ['11111111111111111111111111111111', { dataSize: 1 }],
    };
    expect((await postRaw(urlOf('limited'), JSON.stringify(gpa))).status).toBe(200);
    expect((await postRaw(urlOf('limited'), JSON.stringify(gpa))).status).toBe(429);
    expect(
      (
        await postRaw(
          urlOf('limited'),
          JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
        )
      ).status,
    ).toBe(200);
    localnet.admin.setProfile('limited', { rps: 2 });
    const batch = [1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'getSlot' }));
    expect((await postRaw(urlOf('limited'), JSON.stringify(batch))).status).toBe(429);
  });

  it('times the first and last call it let through, by method, leaving out the 429s', async () => {
    localnet.admin.setProfile('limited', { methodRps: { getSlot: 2 } });
    localnet.admin.resetCounters('limited');
    const before = Date.now();
    const getSlot = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await postRaw(urlOf('limited'), getSlot)).status);
    await postRaw(urlOf('limited'), JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getHealth' }));
    expect(statuses).toEqual([200, 200, 429]);
    const { admittedByMethod } = localnet.admin.counters('limited');
    expect(Object.keys(admittedByMethod).sort()).toEqual(['getHealth', 'getSlot']);
    const slots = admittedByMethod['getSlot'];
    expect(slots?.calls).toBe(2);
    expect(slots?.firstAt).toBeGreaterThanOrEqual(before);
    expect(slots?.lastAt).toBeGreaterThanOrEqual(slots?.firstAt ?? Infinity);
    expect(slots?.lastAt).toBeLessThanOrEqual(admittedByMethod['getHealth']?.firstAt ?? 0);
    localnet.admin.resetCounters('limited');
    expect(localnet.admin.counters('limited').admittedByMethod).toEqual({});
  });

  it('injects HTTP 500/503 and JSON-RPC errors at the configured rate', async () => {
    localnet.admin.setProfile('flaky', { errorRate: 1, errorKind: 'http-503' });
    expect(
      (await postRaw(urlOf('flaky'), JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' })))
        .status,
    ).toBe(503);
    localnet.admin.setProfile('flaky', { errorRate: 1, errorKind: 'http-500' });
    expect(
      (await postRaw(urlOf('flaky'), JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' })))
        .status,
    ).toBe(500);
    localnet.admin.setProfile('flaky', { errorRate: 1, errorKind: 'json-rpc' });
    expect((await rpcCall(urlOf('flaky'), 'getSlot')).error).toEqual({
      code: -32603,
      message: 'Internal error',
    });

    localnet.admin.setProfile('flaky', { errorRate: 0.5, seed: 7 });
    localnet.admin.resetCounters('flaky');
    for (let i = 0; i < 200; i++)
      await postRaw(urlOf('flaky'), JSON.stringify({ jsonrpc: '2.0', id: i, method: 'getSlot' }));
    const { errors } = localnet.admin.counters('flaky');
    expect(errors).toBeGreaterThan(70);
    expect(errors).toBeLessThan(130);
  });

  it('resets connections during an outage and recovers when the switch is cleared', async () => {
    localnet.admin.setProfile('flaky', { outage: true });
    await expect(fetch(urlOf('flaky'), { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(localnet.admin.counters('flaky').outages).toBeGreaterThanOrEqual(1);
    // Other endpoints are unaffected.
    expect(await rpcResult(urlOf('fast'), 'getHealth')).toBe('ok');
    localnet.admin.setProfile('flaky', {});
    expect(await rpcResult(urlOf('flaky'), 'getHealth')).toBe('ok');
  });

  it('leaves requests hanging in a hang outage, until the client gives up', async () => {
    localnet.admin.setProfile('flaky', { outage: 'hang' });
    const started = performance.now();
    await expect(
      fetch(urlOf('flaky'), {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    localnet.admin.setProfile('flaky', {});
    expect(await rpcResult(urlOf('flaky'), 'getHealth')).toBe('ok');
  });

  it('delays answers by the configured latency and jitter', async () => {
    localnet.admin.setProfile('slow', { latencyMs: 150, jitterMs: 50 });
    const started = performance.now();
    await rpcResult(urlOf('slow'), 'getSlot');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(145);
    expect(elapsed).toBeLessThan(3_000);
    localnet.admin.setProfile('slow', {});
  });

  it('acknowledges dropped sends with a signature that never lands', async () => {
    localnet.admin.setProfile('lossy', { dropSendRate: 1 });
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(
      payer,
      generateKeypair().address,
      1_000_000n,
      await latestBlockhash(urlOf('lossy')),
    );
    const signature = await rpcResult<string>(urlOf('lossy'), 'sendTransaction', [
      tx,
      { encoding: 'base64' },
    ]);
    expect(typeof signature).toBe('string');
    const statuses = await rpcResult<{ value: unknown[] }>(urlOf('fast'), 'getSignatureStatuses', [
      [signature],
    ]);
    expect(statuses.value).toEqual([null]);
    expect(localnet.admin.counters('lossy').droppedSends).toBe(1);
    // The same bytes through a healthy endpoint land: a rebroadcast works.
    expect(
      await rpcResult<string>(urlOf('fast'), 'sendTransaction', [tx, { encoding: 'base64' }]),
    ).toBe(signature);
    const landed = await rpcResult<{ value: unknown[] }>(urlOf('fast'), 'getSignatureStatuses', [
      [signature],
    ]);
    expect(landed.value[0]).toMatchObject({ err: null });
  });

  /** A fresh funded payer's transfer to a fresh wallet, and the balance that wallet should end with. */
  async function freshTransfer(lamports = 1_000_000n): Promise<{ tx: string; to: string }> {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const to = generateKeypair().address;
    return { tx: signedTransfer(payer, to, lamports, await latestBlockhash(urlOf('fast'))), to };
  }

  const sendBody = (tx: string): string =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [tx, { encoding: 'base64' }],
    });

  const balanceOf = async (address: string): Promise<number> =>
    (await rpcResult<{ value: number }>(urlOf('fast'), 'getBalance', [address])).value;

  it('lands a send whose acknowledgement it loses, answering HTTP 503 instead of the signature', async () => {
    localnet.admin.setProfile('unacked', { lostAckRate: 1 });
    localnet.admin.resetCounters('unacked');
    const { tx, to } = await freshTransfer();
    const response = await postRaw(urlOf('unacked'), sendBody(tx));
    expect(response.status).toBe(503);
    expect(response.body).toBe('Service Unavailable');
    expect(await balanceOf(to)).toBe(1_000_000);
    expect(localnet.admin.counters('unacked')).toMatchObject({ lostAcks: 1, errors: 0 });
    // The client that asks for the signature finds it: the same bytes sent again (as a ledger
    // rebroadcasts, without preflight) name the landed transaction and move nothing.
    const signature = await rpcResult<string>(urlOf('fast'), 'sendTransaction', [
      tx,
      { encoding: 'base64', skipPreflight: true },
    ]);
    const statuses = await rpcResult<{ value: unknown[] }>(urlOf('fast'), 'getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ]);
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    expect(await balanceOf(to)).toBe(1_000_000);
  });

  it('loses an acknowledgement as HTTP 500, a JSON-RPC error or a reset connection, as configured', async () => {
    localnet.admin.setProfile('unacked', { lostAckRate: 1, lostAckKind: 'http-500' });
    const first = await freshTransfer();
    expect((await postRaw(urlOf('unacked'), sendBody(first.tx))).status).toBe(500);
    expect(await balanceOf(first.to)).toBe(1_000_000);

    localnet.admin.setProfile('unacked', { lostAckRate: 1, lostAckKind: 'json-rpc' });
    const second = await freshTransfer();
    const reply = await postRaw(urlOf('unacked'), sendBody(second.tx));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(await balanceOf(second.to)).toBe(1_000_000);

    localnet.admin.setProfile('unacked', { lostAckRate: 1, lostAckKind: 'reset' });
    const third = await freshTransfer();
    await expect(postRaw(urlOf('unacked'), sendBody(third.tx))).rejects.toThrow();
    expect(await balanceOf(third.to)).toBe(1_000_000);
    // Only the send's answer is lost: reads on the same endpoint are answered.
    expect(await rpcResult(urlOf('unacked'), 'getHealth')).toBe('ok');
  });

  it('answers sends that did not land as they are: nothing on chain, no acknowledgement lost', async () => {
    localnet.admin.setProfile('unacked', { lostAckRate: 1, dropSendRate: 1 });
    localnet.admin.resetCounters('unacked');
    const dropped = await freshTransfer();
    const answer = await rpcCall(urlOf('unacked'), 'sendTransaction', [
      dropped.tx,
      { encoding: 'base64' },
    ]);
    expect(typeof answer.result).toBe('string');
    // A preflight failure is the node's own answer about a transaction it did not run.
    localnet.admin.setProfile('unacked', { lostAckRate: 1 });
    const poor = generateKeypair();
    const refused = await rpcCall(urlOf('unacked'), 'sendTransaction', [
      signedTransfer(
        poor,
        generateKeypair().address,
        1_000_000n,
        await latestBlockhash(urlOf('fast')),
      ),
      { encoding: 'base64' },
    ]);
    expect(refused.error?.code).toBe(-32002);
    expect(localnet.admin.counters('unacked')).toMatchObject({ lostAcks: 0, droppedSends: 1 });
  });

  it('loses the same acknowledgements again for the same seed', async () => {
    const pattern = async (): Promise<number[]> => {
      localnet.admin.setProfile('unacked', { lostAckRate: 0.5, seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        const { tx } = await freshTransfer();
        statuses.push((await postRaw(urlOf('unacked'), sendBody(tx))).status);
      }
      return statuses;
    };
    const first = await pattern();
    expect(first).toContain(200);
    expect(first).toContain(503);
    expect(await pattern()).toEqual(first);
  });

  it('reports an older slot from a lagging endpoint and fails its health check past 128 slots', async () => {
    localnet.admin.advanceSlots(300);
    localnet.admin.setProfile('behind', { lagSlots: 200 });
    const current = await rpcResult<number>(urlOf('fast'), 'getSlot');
    expect(await rpcResult<number>(urlOf('behind'), 'getSlot')).toBe(current - 200);
    const { value } = await rpcResult<{ value: { lastValidBlockHeight: number } }>(
      urlOf('behind'),
      'getLatestBlockhash',
    );
    expect(value.lastValidBlockHeight).toBe(current - 200 + 150);
    expect((await rpcCall(urlOf('behind'), 'getHealth')).error).toEqual({
      code: -32005,
      message: 'Node is behind by 200 slots',
      data: { numSlotsBehind: 200 },
    });
    expect(
      (
        await rpcCall(urlOf('behind'), 'getBalance', [
          localnet.admin.faucetAddress,
          { minContextSlot: current },
        ])
      ).error,
    ).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: current - 200 },
    });
    localnet.admin.setProfile('behind', { lagSlots: 5 });
    expect(await rpcResult(urlOf('behind'), 'getHealth')).toBe('ok');
  });

  it('counts requests by method per endpoint', async () => {
    localnet.admin.resetCounters('fast');
    await rpcResult(urlOf('fast'), 'getSlot');
    await rpcResult(urlOf('fast'), 'getSlot');
    await postRaw(
      urlOf('fast'),
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'getSlot' },
      ]),
    );
    expect(localnet.admin.counters('fast')).toMatchObject({
      httpRequests: 3,
      totalCalls: 4,
      requestsByMethod: { getSlot: 3, getHealth: 1 },
      rateLimited: 0,
      errors: 0,
      rpcErrors: 0,
    });
    await rpcCall(urlOf('fast'), 'getBalance', [5]);
    expect(localnet.admin.counters('fast').rpcErrors).toBe(1);
  });

  it('refuses batches where the profile disables them', async () => {
    localnet.admin.setProfile('limited', { allowBatch: false });
    const response = await postRaw(
      urlOf('limited'),
      JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'getSlot' }]),
    );
    expect(response.status).toBe(403);
  });

  it('rejects invalid profiles at the edge', () => {
    expect(() => localnet.admin.setProfile('fast', { errorRate: 2 })).toThrow(/errorRate/);
    expect(() => localnet.admin.setProfile('fast', { rps: 0 })).toThrow(/rps/);
    expect(() => localnet.admin.setProfile('fast', { outage: 'sometimes' as 'hang' })).toThrow(
      /outage/,
    );
    expect(() => localnet.admin.setProfile('fast', { lostAckRate: 1.5 })).toThrow(/lostAckRate/);
    expect(() => localnet.admin.setProfile('fast', { lostAckRate: Number.NaN })).toThrow(
      /lostAckRate/,
    );
    expect(() => localnet.admin.setProfile('fast', { lostAckKind: 'timeout' as 'reset' })).toThrow(
      /lostAckKind/,
    );
    expect(() => localnet.admin.setProfile('nope', {})).toThrow(/unknown endpoint/);
  });
});
