import { systemClock, type Clock } from '@fleet/core';
import WebSocket from 'ws';
import type { BalanceRead } from './account-catch-up';
import type { LiveBalance, WatchedAccounts } from './account-balance-store';
import {
  accountSubscribeRequest,
  accountUnsubscribeRequest,
  readAccountMessage,
} from './account-messages';

/** How often the watched set is read again when nothing said it changed. */
export const WATCHED_REREAD_MS = 30_000;
/** Accounts one server process follows at most; the rest keep to Refresh and background scans. */
export const WATCHED_ACCOUNTS_CAP = 1_000;
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Providers close PubSub sockets that stay silent; a ping keeps an idle one open. */
const PING_MS = 30_000;
/** How long the catch-up read waits for subscriptions to be confirmed before reading anyway. */
const SUBSCRIBE_WAIT_MS = 10_000;
/** A change of the watched set (a master saved) is read this much later, several at once. */
const POKE_DELAY_MS = 200;

export interface AccountSubscriptionsLogger {
  warn(detail: object, message: string): void;
  info(detail: object, message: string): void;
}

export interface AccountSubscriptionsOptions {
  /** The chain's PubSub WebSocket (SOLANA_WS_URL or derived). */
  readonly url: string;
  /** Every tenant's watched accounts, already capped; `wanted` is how many there were in all. */
  readonly readWatched: () => Promise<{
    readonly watched: WatchedAccounts;
    readonly wanted: number;
  }>;
  /** Stores one balance for the tenants that keep its address (forward-only). */
  readonly store: (tenantIds: readonly string[], balance: LiveBalance) => Promise<void>;
  /** Balances read through the endpoint pool, for what a subscription cannot have said. */
  readonly readBalances: BalanceRead;
  readonly logger: AccountSubscriptionsLogger;
  readonly clock?: Clock;
  readonly rereadMs?: number;
}

/** For Scan Details and logs: what the live balances follow, and whether they hear the chain. */
export interface AccountSubscriptionsState {
  readonly connected: boolean;
  readonly watched: number;
  readonly subscribed: number;
  readonly notifications: number;
  readonly lastNotificationAt: string | null;
  readonly reconnects: number;
}

export interface AccountSubscriptions {
  /** The watched set may have changed (a master saved or cleared, trader wallets made). */
  watchedChanged(): void;
  state(): AccountSubscriptionsState;
  /** Closes the socket for good and waits for the write under way. */
  stop(): Promise<void>;
}

export function reconnectDelayMs(failures: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, failures));
}

/**
 * One PubSub socket per server process carries an `accountSubscribe` for every watched account:
 * each tenant's master wallet and active trader wallets. A notification's lamports are stored on
 * the tenant's wallet row (forward-only), which bumps the wallet-list version the console follows,
 * so balances change on screen within seconds without Refresh. The database stays the truth:
 * another process holding its own subscriptions writes the same numbers, and a process that
 * restarts reads what it missed. After every (re)connect, once the subscriptions are confirmed,
 * one getMultipleAccounts read of the watched set catches up on what the gap hid.
 */
export function startAccountSubscriptions(
  options: AccountSubscriptionsOptions,
): AccountSubscriptions {
  const clock = options.clock ?? systemClock;
  const { logger } = options;
  let watched: WatchedAccounts = new Map();
  let warnedWanted = 0;
  let socket: WebSocket | null = null;
  let stopped = false;
  let failures = 0;
  let reconnects = 0;
  let connectedOnce = false;
  let nextRequestId = 1;
  let notifications = 0;
  let lastNotificationAt: number | null = null;
  let catchUpOwed = false;
  const timers = new Set<() => void>();
  // The live subscriptions of the current socket, both ways, and the requests not yet answered.
  const subscriptionOf = new Map<string, number>();
  const addressOf = new Map<number, string>();
  const requested = new Map<number, { address: string; settle: () => void }>();
  // The newest slot taken per address: an older notification or read coming late is dropped.
  const newestSlot = new Map<string, bigint>();
  // Balances waiting to be written, the newest per address; one writer drains them in turn.
  const pending = new Map<string, LiveBalance>();
  let writing: Promise<void> | null = null;

  const later = (run: () => void, ms: number) => {
    const cancel = clock.schedule(() => {
      timers.delete(cancel);
      run();
    }, ms);
    timers.add(cancel);
    return cancel;
  };

  const open = () => socket !== null && socket.readyState === WebSocket.OPEN;

  function take(balance: LiveBalance): void {
    if (stopped || !watched.has(balance.address)) return;
    const newest = newestSlot.get(balance.address);
    if (newest !== undefined && balance.slot < newest) return;
    newestSlot.set(balance.address, balance.slot);
    pending.set(balance.address, balance);
    writing ??= drain().finally(() => {
      writing = null;
    });
  }

  async function drain(): Promise<void> {
    for (const [address, balance] of pending) {
      pending.delete(address);
      const tenantIds = watched.get(address);
      if (tenantIds === undefined) continue;
      try {
        await options.store(tenantIds, balance);
      } catch (error) {
        logger.warn({ err: error, address }, 'a live balance was not stored');
      }
    }
  }

  /** Subscribes `addresses` on the open socket; resolves once all are answered (or given up). */
  function subscribe(addresses: readonly string[]): Promise<void> {
    const current = socket;
    if (current === null || !open()) return Promise.resolve();
    const answers = addresses.map(
      (address) =>
        new Promise<void>((settle) => {
          const id = nextRequestId++;
          requested.set(id, { address, settle });
          current.send(accountSubscribeRequest(id, address));
        }),
    );
    return new Promise<void>((resolve) => {
      const cancel = later(resolve, SUBSCRIBE_WAIT_MS);
      void Promise.all(answers).then(() => {
        cancel();
        timers.delete(cancel);
        resolve();
      });
    });
  }

  function unsubscribe(address: string): void {
    const subscription = subscriptionOf.get(address);
    subscriptionOf.delete(address);
    newestSlot.delete(address);
    if (subscription === undefined) return;
    addressOf.delete(subscription);
    if (open()) socket?.send(accountUnsubscribeRequest(nextRequestId++, subscription));
  }

  async function catchUp(addresses: readonly string[]): Promise<void> {
    if (addresses.length === 0) return;
    const seenAt = new Date(clock.now());
    try {
      for (const read of await options.readBalances(addresses)) take({ ...read, seenAt });
    } catch (error) {
      // The next re-read of the watched set tries again: a gap is never left uncovered.
      catchUpOwed = true;
      if (!stopped)
        logger.warn({ err: error }, 'live balances could not catch up after a reconnect');
    }
  }

  async function subscribeAndCatchUp(addresses: readonly string[]): Promise<void> {
    await subscribe(addresses);
    if (!stopped) await catchUp(addresses);
  }

  function onMessage(text: string): void {
    const message = readAccountMessage(text);
    switch (message.kind) {
      case 'subscribed': {
        const request = requested.get(message.id);
        if (request === undefined) return;
        requested.delete(message.id);
        if (watched.has(request.address) && !subscriptionOf.has(request.address)) {
          subscriptionOf.set(request.address, message.subscription);
          addressOf.set(message.subscription, request.address);
        } else if (open()) {
          // No longer watched (or already held) by the time the answer came.
          socket?.send(accountUnsubscribeRequest(nextRequestId++, message.subscription));
        }
        request.settle();
        return;
      }
      case 'refused': {
        const request = requested.get(message.id);
        if (request === undefined) return;
        requested.delete(message.id);
        logger.warn(
          { address: request.address, reason: message.reason },
          'accountSubscribe refused',
        );
        request.settle();
        return;
      }
      case 'notification': {
        const address = addressOf.get(message.subscription);
        if (address === undefined) return;
        notifications++;
        lastNotificationAt = clock.now();
        take({
          address,
          lamports: message.lamports,
          slot: message.slot,
          seenAt: new Date(clock.now()),
        });
        return;
      }
      case 'other':
        return;
    }
  }

  function connect(): void {
    if (stopped || socket !== null) return;
    const current = new WebSocket(options.url);
    socket = current;
    let opened = false;
    let pinger: (() => void) | null = null;
    const ping = () => {
      if (current.readyState === WebSocket.OPEN) current.ping();
      pinger = later(ping, PING_MS);
    };
    current.on('open', () => {
      opened = true;
      failures = 0;
      if (connectedOnce) {
        reconnects++;
        logger.info({ watched: watched.size }, 'live balances reconnected; resubscribing');
      }
      connectedOnce = true;
      pinger = later(ping, PING_MS);
      void subscribeAndCatchUp([...watched.keys()]);
    });
    current.on('message', (data, isBinary) => {
      if (!isBinary) onMessage(rawText(data));
    });
    // `close` follows every error; the reason is logged there.
    current.on('error', (error) => {
      if (!opened && failures === 0) logger.warn({ err: error }, 'live balances cannot connect');
    });
    current.on('close', () => {
      if (pinger) pinger();
      if (socket === current) socket = null;
      subscriptionOf.clear();
      addressOf.clear();
      for (const { settle } of requested.values()) settle();
      requested.clear();
      if (stopped) return;
      if (opened) logger.warn({}, 'live balances lost the chain WebSocket; reconnecting');
      const delay = reconnectDelayMs(opened ? 0 : failures);
      if (!opened) failures++;
      later(connect, delay);
    });
  }

  async function sync(): Promise<void> {
    let read: { readonly watched: WatchedAccounts; readonly wanted: number };
    try {
      read = await options.readWatched();
    } catch (error) {
      logger.warn({ err: error }, 'live balances could not read the watched wallets');
      return;
    }
    if (stopped) return;
    const before = watched;
    watched = read.watched;
    if (read.wanted > watched.size && read.wanted !== warnedWanted) {
      warnedWanted = read.wanted;
      logger.warn(
        { wanted: read.wanted, cap: watched.size },
        'more wallets to follow live than one server process follows; the rest wait for Refresh',
      );
    }
    for (const address of before.keys()) {
      if (!watched.has(address)) unsubscribe(address);
    }
    const added = [...watched.keys()].filter((address) => !before.has(address));
    if (catchUpOwed && open()) {
      catchUpOwed = false;
      await catchUp([...watched.keys()].filter((address) => before.has(address)));
    }
    if (added.length > 0) await subscribeAndCatchUp(added);
  }

  let syncing: Promise<void> | null = null;
  let syncAgain = false;
  function resync(): void {
    if (stopped) return;
    if (syncing) {
      syncAgain = true;
      return;
    }
    syncing = sync().finally(() => {
      syncing = null;
      if (syncAgain) {
        syncAgain = false;
        resync();
      }
    });
  }

  const reread = () => {
    resync();
    later(reread, options.rereadMs ?? WATCHED_REREAD_MS);
  };
  // The set is read before the socket opens, so the first open subscribes all of it.
  syncing = sync().finally(() => {
    syncing = null;
    connect();
    later(reread, options.rereadMs ?? WATCHED_REREAD_MS);
  });

  let poked: (() => void) | null = null;
  return {
    watchedChanged() {
      if (stopped || poked) return;
      poked = later(() => {
        poked = null;
        resync();
      }, POKE_DELAY_MS);
    },
    state: () => ({
      connected: open(),
      watched: watched.size,
      subscribed: subscriptionOf.size,
      notifications,
      lastNotificationAt:
        lastNotificationAt === null ? null : new Date(lastNotificationAt).toISOString(),
      reconnects,
    }),
    async stop() {
      stopped = true;
      for (const cancel of timers) cancel();
      timers.clear();
      // At once, not after a close handshake: a shutdown waits for nothing the chain may delay.
      socket?.terminate();
      socket = null;
      for (const { settle } of requested.values()) settle();
      requested.clear();
      // A read of the watched set or a catch-up under way stores nothing once stopped; only the
      // write under way (one short transaction) is waited for, before the database closes.
      await writing;
    },
  };
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
