// One websocket to PumpPortal carries every subscription Fleet holds (new tokens, trades of
// given tokens and accounts, migrations): PumpPortal asks clients not to open one connection per
// subscription. Subscriptions are counted, so two pages watching one token share it and the
// unsubscribe goes out when the last lets go. When the socket drops, it reconnects after 750 ms,
// doubling to 8 s (spec 3 §9), and sends every subscription still held again. Timers run on the
// injected clock.

import type { Clock } from '@fleet/core';
import WebSocket from 'ws';

import { parsePumpMessage, type PumpEvent } from './pump-events';

export const PUMPPORTAL_URL = 'wss://pumpportal.fun/api/data';
export const RECONNECT_FIRST_MS = 750;
export const RECONNECT_MAX_MS = 8_000;

/** What the feed needs of a socket; `ws`'s WebSocket is one. */
export interface FeedSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'open', listener: () => void): unknown;
  on(event: 'message', listener: (data: WebSocket.RawData) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PumpPortalFeedOptions {
  readonly url?: string;
  readonly clock: Clock;
  readonly onEvent: (event: PumpEvent) => void;
  /** Connection changes and refused or unreadable messages, for logs and the feed's status line. */
  readonly onStatus?: (status: FeedStatus) => void;
  readonly createSocket?: (url: string) => FeedSocket;
}

export type FeedStatus =
  | { readonly state: 'connecting'; readonly attempt: number }
  | { readonly state: 'open' }
  | { readonly state: 'closed'; readonly reconnectInMs: number }
  | { readonly state: 'message-dropped'; readonly reason: string };

export interface PumpPortalFeedStats {
  /** Connections opened. */
  readonly connects: number;
  /** Connection attempts that never opened. */
  readonly failedConnects: number;
  readonly messages: number;
  readonly events: number;
  readonly dropped: number;
  readonly lastError: string | null;
}

export interface HeldSubscriptions {
  readonly newTokens: boolean;
  readonly migrations: boolean;
  readonly tokenTrades: readonly string[];
  readonly accountTrades: readonly string[];
}

export interface PumpPortalFeed {
  subscribeNewToken(): void;
  unsubscribeNewToken(): void;
  subscribeTokenTrade(mints: readonly string[]): void;
  unsubscribeTokenTrade(mints: readonly string[]): void;
  subscribeAccountTrade(accounts: readonly string[]): void;
  unsubscribeAccountTrade(accounts: readonly string[]): void;
  subscribeMigration(): void;
  unsubscribeMigration(): void;
  held(): HeldSubscriptions;
  stats(): PumpPortalFeedStats;
  /** Closes the socket for good: no reconnect. */
  close(): void;
}

type Method =
  | 'subscribeNewToken'
  | 'unsubscribeNewToken'
  | 'subscribeTokenTrade'
  | 'unsubscribeTokenTrade'
  | 'subscribeAccountTrade'
  | 'unsubscribeAccountTrade'
  | 'subscribeMigration'
  | 'unsubscribeMigration';

export function reconnectDelayMs(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt));
}

export function createPumpPortalFeed(options: PumpPortalFeedOptions): PumpPortalFeed {
  const url = options.url ?? PUMPPORTAL_URL;
  const { clock } = options;
  const createSocket = options.createSocket ?? ((target: string) => new WebSocket(target));
  // How many holders each subscription has; a key is held while its count is above zero.
  const tokenTrades = new Map<string, number>();
  const accountTrades = new Map<string, number>();
  let newTokens = 0;
  let migrations = 0;
  let socket: FeedSocket | null = null;
  let closed = false;
  let failures = 0;
  let cancelReconnect: (() => void) | null = null;
  const counts = { connects: 0, failedConnects: 0, messages: 0, events: 0, dropped: 0 };
  let lastError: string | null = null;

  const status = (value: FeedStatus) => options.onStatus?.(value);

  const sendNow = (method: Method, keys?: readonly string[]) => {
    if (socket === null || socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify(keys === undefined ? { method } : { method, keys: [...keys] }));
  };

  const resubscribe = () => {
    if (newTokens > 0) sendNow('subscribeNewToken');
    if (migrations > 0) sendNow('subscribeMigration');
    if (tokenTrades.size > 0) sendNow('subscribeTokenTrade', [...tokenTrades.keys()]);
    if (accountTrades.size > 0) sendNow('subscribeAccountTrade', [...accountTrades.keys()]);
  };

  const held = () =>
    newTokens > 0 || migrations > 0 || tokenTrades.size > 0 || accountTrades.size > 0;

  const connect = () => {
    if (closed || socket !== null) return;
    status({ state: 'connecting', attempt: failures });
    const current = createSocket(url);
    socket = current;
    let opened = false;
    current.on('open', () => {
      opened = true;
      failures = 0;
      counts.connects++;
      status({ state: 'open' });
      resubscribe();
    });
    current.on('message', (data) => {
      counts.messages++;
      const parsed = parsePumpMessage(rawText(data), clock.now());
      if (parsed.kind === 'event') {
        counts.events++;
        options.onEvent(parsed.event);
      } else if (parsed.kind === 'error') {
        counts.dropped++;
        lastError = parsed.reason;
        status({ state: 'message-dropped', reason: parsed.reason });
      }
    });
    current.on('error', (error) => {
      lastError = error.message;
    });
    current.on('close', () => {
      if (socket === current) socket = null;
      if (closed) return;
      // A connection that opened and then dropped starts the back-off again from 750 ms.
      if (!opened) {
        failures++;
        counts.failedConnects++;
      }
      const delay = reconnectDelayMs(opened ? 0 : failures - 1);
      status({ state: 'closed', reconnectInMs: delay });
      cancelReconnect = clock.schedule(() => {
        cancelReconnect = null;
        if (held()) connect();
      }, delay);
    });
  };

  const ensure = () => {
    if (!closed && socket === null && cancelReconnect === null) connect();
  };

  /** Counts holders up or down; only keys that start or stop being held go over the wire. */
  const change = (
    method: Method,
    holders: Map<string, number>,
    keys: readonly string[],
    add: boolean,
  ) => {
    const edges: string[] = [];
    for (const key of new Set(keys)) {
      const count = holders.get(key) ?? 0;
      if (add) {
        holders.set(key, count + 1);
        if (count === 0) edges.push(key);
      } else if (count === 1) {
        holders.delete(key);
        edges.push(key);
      } else if (count > 1) holders.set(key, count - 1);
    }
    if (add) ensure();
    if (edges.length > 0) sendNow(method, edges);
  };

  return {
    subscribeNewToken() {
      newTokens++;
      ensure();
      if (newTokens === 1) sendNow('subscribeNewToken');
    },
    unsubscribeNewToken() {
      if (newTokens === 0) return;
      newTokens--;
      if (newTokens === 0) sendNow('unsubscribeNewToken');
    },
    subscribeTokenTrade: (mints) => change('subscribeTokenTrade', tokenTrades, mints, true),
    unsubscribeTokenTrade: (mints) => change('unsubscribeTokenTrade', tokenTrades, mints, false),
    subscribeAccountTrade: (accounts) =>
      change('subscribeAccountTrade', accountTrades, accounts, true),
    unsubscribeAccountTrade: (accounts) =>
      change('unsubscribeAccountTrade', accountTrades, accounts, false),
    subscribeMigration() {
      migrations++;
      ensure();
      if (migrations === 1) sendNow('subscribeMigration');
    },
    unsubscribeMigration() {
      if (migrations === 0) return;
      migrations--;
      if (migrations === 0) sendNow('unsubscribeMigration');
    },
    held: () => ({
      newTokens: newTokens > 0,
      migrations: migrations > 0,
      tokenTrades: [...tokenTrades.keys()],
      accountTrades: [...accountTrades.keys()],
    }),
    stats: () => ({ ...counts, lastError }),
    close() {
      closed = true;
      cancelReconnect?.();
      cancelReconnect = null;
      socket?.close();
      socket = null;
    },
  };
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
