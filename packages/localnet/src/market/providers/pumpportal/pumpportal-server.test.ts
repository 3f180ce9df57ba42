import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { SandboxPool, SandboxToken } from '../../market-model.js';
import {
  CREATOR,
  FLEET_MINT,
  FLEET_POOL,
  NOW_MS,
  PUMP,
  PUMP_MINT,
  PUMP_POOL,
  PUMP_POOL_INFO,
  TRADER_A,
  TRADER_B,
  fixedAddress,
  fixedSignature,
  scenarioMarket,
  trade,
} from '../../testing/market-scenario.js';
import { attachPumpPortal, type PumpPortalServer } from './pumpportal-server.js';

const market = scenarioMarket();
let server: Server;
let stream: PumpPortalServer;
let url: string;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(404).end());
  stream = attachPumpPortal(server, market, {
    onError: (error) => {
      throw error;
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/pumpportal/api/data`;
});

afterAll(async () => {
  await stream.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A loopback client that hands out its messages in order. */
class Client {
  private readonly queue: unknown[] = [];
  private readonly waiting: ((value: unknown) => void)[] = [];
  readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data: WebSocket.RawData) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString()
        : Buffer.from(data as ArrayBuffer).toString();
      const message: unknown = JSON.parse(text);
      const next = this.waiting.shift();
      if (next === undefined) this.queue.push(message);
      else next(message);
    });
  }

  static async open(): Promise<Client> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Client(socket);
  }

  next(): Promise<unknown> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async request(payload: unknown): Promise<unknown> {
    this.socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
    return this.next();
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.socket.close();
    await closed;
  }
}

function fleetTrade(label: string, trader = TRADER_A): ReturnType<typeof trade> {
  return trade(label, {
    side: 'buy',
    lamports: 2_000_000_000n,
    priceSol: 0.0001,
    timestampMs: NOW_MS,
    trader,
  });
}

describe('PumpPortal stream', () => {
  it('acknowledges subscriptions and streams only the subscribed mints’ trades', async () => {
    const fleetWatcher = await Client.open();
    const pumpWatcher = await Client.open();
    expect(
      await fleetWatcher.request({ method: 'subscribeTokenTrade', keys: [FLEET_MINT] }),
    ).toEqual({
      message: 'Successfully subscribed to keys.',
    });
    await pumpWatcher.request({ method: 'subscribeTokenTrade', keys: [PUMP_MINT] });

    market.pushTrade(fleetTrade('ws-1'));
    market.pushTrade(
      trade('ws-2', {
        side: 'sell',
        lamports: 1_000_000_000n,
        priceSol: 0.00003,
        pool: PUMP_POOL,
        mint: PUMP_MINT,
        trader: TRADER_B,
      }),
    );
    market.pushTrade(fleetTrade('ws-3'));

    // A socket delivers in order: had the PUMP trade reached the FLEET watcher, it would come
    // between the two FLEET trades.
    expect(await fleetWatcher.next()).toMatchObject({
      signature: fixedSignature('ws-1'),
      txType: 'buy',
      mint: FLEET_MINT,
    });
    expect(await fleetWatcher.next()).toMatchObject({ signature: fixedSignature('ws-3') });
    expect(await pumpWatcher.next()).toEqual({
      signature: fixedSignature('ws-2'),
      mint: PUMP_MINT,
      traderPublicKey: TRADER_B,
      txType: 'sell',
      tokenAmount: expect.closeTo(1 / 0.00003, 3) as number,
      solAmount: 1,
      bondingCurveKey: PUMP_POOL,
      vTokensInBondingCurve: 1_073_000_000,
      vSolInBondingCurve: 30,
      marketCapSol: expect.closeTo((30 / 1_073_000_000) * 1_000_000_000, 6) as number,
      pool: 'pump',
    });
    await fleetWatcher.close();
    await pumpWatcher.close();
  });

  it('routes account trades by trader, once per client, and stops after unsubscribing', async () => {
    const client = await Client.open();
    await client.request({ method: 'subscribeAccountTrade', keys: [TRADER_B] });
    await client.request({ method: 'subscribeTokenTrade', keys: [FLEET_MINT] });
    market.pushTrade(fleetTrade('acct-1', TRADER_B));
    expect(await client.next()).toMatchObject({
      signature: fixedSignature('acct-1'),
      traderPublicKey: TRADER_B,
      pool: 'pump-amm',
    });

    expect(await client.request({ method: 'unsubscribeTokenTrade', keys: [FLEET_MINT] })).toEqual({
      message: 'Unsubscribed from keys.',
    });
    await client.request({ method: 'unsubscribeAccountTrade', keys: [TRADER_B] });
    await client.request({ method: 'subscribeMigration' });
    market.pushTrade(fleetTrade('acct-2', TRADER_B));
    market.emit({
      type: 'migration',
      mint: PUMP_MINT,
      fromPool: PUMP_POOL,
      toPool: FLEET_POOL,
      signature: fixedSignature('mig'),
      timestampMs: NOW_MS,
    });
    expect(await client.next()).toEqual({
      signature: fixedSignature('mig'),
      mint: PUMP_MINT,
      txType: 'migrate',
      pool: 'pump-amm',
    });
    await client.close();
  });

  it('announces new tokens to subscribers until they unsubscribe', async () => {
    const client = await Client.open();
    expect(await client.request({ method: 'subscribeNewToken' })).toEqual({
      message: 'Successfully subscribed to token creation events.',
    });
    const mint = fixedAddress('newMint');
    const pool: SandboxPool = { ...PUMP_POOL_INFO, address: fixedAddress('newPool'), mint };
    const token: SandboxToken = {
      ...PUMP,
      mint,
      name: 'New Cat',
      symbol: 'NCAT',
      launch: {
        ...(PUMP.launch ?? {
          phase: 'bonding',
          bondingPool: pool.address,
          migratedAtMs: null,
          migratedPool: null,
        }),
        launchSignature: fixedSignature('launch-new'),
        bondingPool: pool.address,
      },
    };
    market.setReserves(pool.address, {
      lamports: 30_500_000_000n,
      tokenRaw: 1_040_000_000_000_000n,
      slot: 1,
    });
    const initialBuy = trade('launch-buy', {
      side: 'buy',
      lamports: 500_000_000n,
      priceSol: 0.00000003,
      pool: pool.address,
      mint,
      trader: CREATOR,
    });
    market.emit({ type: 'newToken', token, pool, initialBuy });
    expect(await client.next()).toMatchObject({
      signature: fixedSignature('launch-new'),
      mint,
      traderPublicKey: CREATOR,
      txType: 'create',
      solAmount: 0.5,
      bondingCurveKey: pool.address,
      vSolInBondingCurve: 30.5,
      vTokensInBondingCurve: 1_040_000_000,
      name: 'New Cat',
      symbol: 'NCAT',
      uri: PUMP.metadataUri,
      pool: 'pump',
    });
    expect(await client.request({ method: 'unsubscribeNewToken' })).toEqual({
      message: 'Unsubscribed from token creation events.',
    });
    await client.request({ method: 'subscribeTokenTrade', keys: [FLEET_MINT] });
    market.emit({
      type: 'newToken',
      token: { ...token, mint: fixedAddress('other') },
      pool,
      initialBuy: null,
    });
    market.pushTrade(fleetTrade('after-new'));
    expect(await client.next()).toMatchObject({ signature: fixedSignature('after-new') });
    await client.close();
  });

  it('answers malformed messages with errors and keeps the connection', async () => {
    const client = await Client.open();
    expect(await client.request('not json')).toEqual({ errors: 'Invalid message: not JSON' });
    expect(await client.request({ method: 'subscribeTokenTrade' })).toHaveProperty('errors');
    expect(await client.request({ method: 'subscribeTokenTrade', keys: ['0OIl'] })).toHaveProperty(
      'errors',
    );
    expect(await client.request({ method: 'subscribeEverything' })).toEqual({
      errors: 'Unknown method: subscribeEverything',
    });
    expect(await client.request([1, 2])).toHaveProperty('errors');
    expect(await client.request({ method: 'subscribeMigration' })).toEqual({
      message: "Subscribed to 'migration' events.",
    });
    await client.close();
  });

  it('leaves other upgrade paths to the router', () => {
    const socket = new PassThrough();
    const request = { url: '/elsewhere?x=1', headers: {} } as unknown as IncomingMessage;
    expect(stream.handleUpgrade(request, socket, Buffer.alloc(0))).toBe(false);
    expect(socket.destroyed).toBe(false);
  });
});
