// Subscriptions over the WebSocket: slots, accounts and signatures, and their unsubscribes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { encodeBase58 } from '../codec/base58.js';
import { createLocalnet, type Localnet } from '../index.js';
import { generateKeypair, latestBlockhash, rpcResult, signedTransfer } from '../testing/raw-rpc.js';

interface Message {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
  method?: string;
  params?: { result: unknown; subscription: number };
}

class Client {
  private readonly queue: Message[] = [];
  private waiters: (() => void)[] = [];
  private nextId = 1;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.queue.push(JSON.parse(data.toString('utf8')) as Message);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(url: string): Promise<Client> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Client(socket);
  }

  async next(match: (m: Message) => boolean, timeoutMs = 5_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.queue.findIndex(match);
      if (index >= 0) return this.queue.splice(index, 1)[0] as Message;
      if (Date.now() > deadline) throw new Error('no matching message');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async call(method: string, params: unknown[] = []): Promise<Message> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return this.next((m) => m.id === id);
  }

  close(): void {
    this.socket.close();
  }
}

let localnet: Localnet;
let client: Client;

beforeAll(async () => {
  localnet = await createLocalnet({ slotIntervalMs: 50 });
  client = await Client.open(localnet.wsUrl);
});

afterAll(async () => {
  client.close();
  await localnet.close();
});

describe('WebSocket subscriptions', () => {
  it('notifies each new slot until unsubscribed', async () => {
    const { result: id } = await client.call('slotSubscribe');
    expect(typeof id).toBe('number');
    const first = await client.next(
      (m) => m.method === 'slotNotification' && m.params?.subscription === id,
    );
    const second = await client.next(
      (m) => m.method === 'slotNotification' && m.params?.subscription === id,
    );
    const a = first.params?.result as { slot: number; parent: number; root: number };
    const b = second.params?.result as { slot: number };
    expect(b.slot).toBeGreaterThan(a.slot);
    expect(a.parent).toBe(a.slot - 1);
    expect((await client.call('slotUnsubscribe', [id])).result).toBe(true);
    expect((await client.call('slotUnsubscribe', [id])).error).toEqual({
      code: -32602,
      message: 'Invalid subscription id.',
    });
  });

  it('notifies an account change with the account in the requested encoding', async () => {
    const target = generateKeypair().address;
    const { result: id } = await client.call('accountSubscribe', [
      target,
      { encoding: 'base64', commitment: 'confirmed' },
    ]);
    await localnet.admin.fund(target, 2_000_000n);
    const note = await client.next(
      (m) => m.method === 'accountNotification' && m.params?.subscription === id,
    );
    expect(note.params?.result).toMatchObject({
      context: { slot: expect.any(Number) as unknown },
      value: {
        lamports: 2_000_000,
        owner: '11111111111111111111111111111111',
        data: ['', 'base64'],
      },
    });
    expect((await client.call('accountUnsubscribe', [id])).result).toBe(true);
  });

  it('notifies a signature once when its transaction lands, even if it already had', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(
      payer,
      generateKeypair().address,
      1_000_000n,
      await latestBlockhash(localnet.url),
    );
    const signature = Buffer.from(tx, 'base64').subarray(1, 65);
    const sig = encodeBase58(signature);
    const { result: id } = await client.call('signatureSubscribe', [
      sig,
      { commitment: 'confirmed' },
    ]);
    await rpcResult(localnet.url, 'sendTransaction', [tx, { encoding: 'base64' }]);
    const note = await client.next(
      (m) => m.method === 'signatureNotification' && m.params?.subscription === id,
    );
    expect((note.params?.result as { value: unknown }).value).toEqual({ err: null });
    // One-shot: the subscription is gone after its notification.
    expect((await client.call('signatureUnsubscribe', [id])).error?.code).toBe(-32602);

    // Already landed: only the outcome, even when "received" was asked for.
    const { result: late } = await client.call('signatureSubscribe', [
      sig,
      { enableReceivedNotification: true },
    ]);
    const lateNote = await client.next(
      (m) => m.method === 'signatureNotification' && m.params?.subscription === late,
    );
    expect((lateNote.params?.result as { value: unknown }).value).toEqual({ err: null });
  });

  it('drops the connections of an endpoint that goes into outage', async () => {
    const outageNet = await createLocalnet({ slotIntervalMs: 0, endpoints: { edge: {} } });
    try {
      const edge = outageNet.endpoints['edge'];
      if (edge === undefined) throw new Error('no edge endpoint');
      const socket = new WebSocket(edge.wsUrl);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      outageNet.admin.setProfile('edge', { outage: true });
      await closed;
      const refused = new WebSocket(edge.wsUrl);
      await expect(
        new Promise((resolve, reject) => {
          refused.once('open', resolve);
          refused.once('error', reject);
        }),
      ).rejects.toThrow();
    } finally {
      await outageNet.close();
    }
  });

  it('tells a subscriber that asked for it when a transaction was received, then how it landed', async () => {
    const payer = generateKeypair();
    await localnet.admin.fund(payer.address, 1_000_000_000n);
    const tx = signedTransfer(
      payer,
      generateKeypair().address,
      1_000_000n,
      await latestBlockhash(localnet.url),
    );
    const sig = encodeBase58(Buffer.from(tx, 'base64').subarray(1, 65));
    const { result: id } = await client.call('signatureSubscribe', [
      sig,
      { enableReceivedNotification: true },
    ]);
    await rpcResult(localnet.url, 'sendTransaction', [tx, { encoding: 'base64' }]);
    const first = await client.next(
      (m) => m.method === 'signatureNotification' && m.params?.subscription === id,
    );
    const second = await client.next(
      (m) => m.method === 'signatureNotification' && m.params?.subscription === id,
    );
    expect((first.params?.result as { value: unknown }).value).toBe('receivedSignature');
    expect((second.params?.result as { value: unknown }).value).toEqual({ err: null });
  });

  it('answers bad subscription calls with JSON-RPC errors and stays open', async () => {
    expect((await client.call('accountSubscribe', ['nope'])).error).toEqual({
      code: -32602,
      message: 'Invalid param: WrongSize',
    });
    expect((await client.call('blockSubscribe', [])).error?.code).toBe(-32601);
    expect((await client.call('slotSubscribe')).result).toEqual(expect.any(Number));
  });
});
