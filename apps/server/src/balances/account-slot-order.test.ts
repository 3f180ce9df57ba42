import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { eventually } from '../jobs/jobs-harness';
import type { LiveBalance, WatchedAccounts } from './account-balance-store';
import { readAccountMessage } from './account-messages';
import { startAccountSubscriptions, type AccountSubscriptions } from './account-subscriptions';

/** A PubSub server the test speaks for: it answers subscriptions and sends what it is told. */
function fakePubSub() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const subscribed = new Map<string, number>();
  const unsubscribed: number[] = [];
  let client: WebSocket | undefined;
  let next = 100;
  server.on('connection', (socket) => {
    client = socket;
    socket.on('message', (data: Buffer) => {
      const call = JSON.parse(data.toString('utf8')) as {
        id: number;
        method: string;
        params: [string | number];
      };
      if (call.method === 'accountSubscribe') {
        const id = next++;
        subscribed.set(String(call.params[0]), id);
        socket.send(JSON.stringify({ jsonrpc: '2.0', result: id, id: call.id }));
      } else if (call.method === 'accountUnsubscribe') {
        unsubscribed.push(Number(call.params[0]));
        socket.send(JSON.stringify({ jsonrpc: '2.0', result: true, id: call.id }));
      }
    });
  });
  const listening = new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    listening,
    url: () => `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    subscribed,
    unsubscribed,
    /** Raw text, as a node sends it: numbers past 2^53 included. */
    notify(address: string, slot: string, lamports: string) {
      const subscription = subscribed.get(address);
      client?.send(
        `{"jsonrpc":"2.0","method":"accountNotification","params":{"result":{"context":{"slot":${slot}},"value":{"lamports":${lamports},"data":["","base64"],"owner":"11111111111111111111111111111111","executable":false,"rentEpoch":0,"space":0}},"subscription":${subscription}}}`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('live balances from a PubSub socket', () => {
  const pubsub = fakePubSub();
  const stored: { tenantIds: readonly string[]; balance: LiveBalance }[] = [];
  const warnings: string[] = [];
  let watched: WatchedAccounts = new Map([
    ['AddressA', ['tenant-1']],
    ['AddressB', ['tenant-1', 'tenant-2']],
  ]);
  let live: AccountSubscriptions;

  beforeAll(async () => {
    await pubsub.listening;
    live = startAccountSubscriptions({
      url: pubsub.url(),
      readWatched: () => Promise.resolve({ watched, wanted: 3 }),
      store: (tenantIds, balance) => {
        stored.push({ tenantIds, balance });
        return Promise.resolve();
      },
      readBalances: () => Promise.resolve([]),
      logger: { warn: (_detail, message) => warnings.push(message), info: () => undefined },
    });
    await eventually(
      () => Promise.resolve(live.state().subscribed),
      (count) => count === 2,
    );
  });
  afterAll(async () => {
    await live.stop();
    await pubsub.close();
  });

  it('says so when more wallets are wanted than one process follows', () => {
    expect(warnings).toContain(
      'more wallets to follow live than one server process follows; the rest wait for Refresh',
    );
  });

  it('drops a notification of an older slot than one already taken, and keeps every digit', async () => {
    pubsub.notify('AddressA', '10', '5');
    pubsub.notify('AddressA', '9', '3');
    pubsub.notify('AddressB', '18446744073709551615', '9007199254740993');
    const ofB = await eventually(
      () => Promise.resolve(stored.filter((entry) => entry.balance.address === 'AddressB')),
      (entries) => entries.length > 0,
    );
    expect(
      ofB.map((entry) => [entry.tenantIds, entry.balance.slot, entry.balance.lamports]),
    ).toEqual([[['tenant-1', 'tenant-2'], 18446744073709551615n, 9007199254740993n]]);
    expect(
      stored
        .filter((entry) => entry.balance.address === 'AddressA')
        .map((entry) => entry.balance.lamports),
    ).toEqual([5n]);
    expect(live.state()).toMatchObject({ connected: true, notifications: 3 });
  });

  it('unsubscribes an account no longer watched', async () => {
    const subscriptionOfB = pubsub.subscribed.get('AddressB');
    watched = new Map([['AddressA', ['tenant-1']]]);
    live.watchedChanged();
    await eventually(
      () => Promise.resolve(pubsub.unsubscribed),
      (ids) => ids.length > 0,
    );
    expect(pubsub.unsubscribed).toEqual([subscriptionOfB]);
    expect(live.state()).toMatchObject({ watched: 1, subscribed: 1 });
  });
});

describe('reading PubSub messages', () => {
  it('reads answers, refusals and notifications, and nothing else', () => {
    expect(readAccountMessage('{"jsonrpc":"2.0","result":7,"id":3}')).toEqual({
      kind: 'subscribed',
      id: 3,
      subscription: 7,
    });
    expect(
      readAccountMessage(
        '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param"},"id":4}',
      ),
    ).toEqual({ kind: 'refused', id: 4, reason: 'Invalid param' });
    expect(readAccountMessage('{"jsonrpc":"2.0","result":true,"id":5}')).toEqual({ kind: 'other' });
    expect(readAccountMessage('not json')).toEqual({ kind: 'other' });
    expect(
      readAccountMessage(
        '{"jsonrpc":"2.0","method":"slotNotification","params":{"result":{"slot":1},"subscription":1}}',
      ),
    ).toEqual({ kind: 'other' });
  });
});
